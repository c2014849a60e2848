import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COPY_STYLES, COZE_SCENES_MAX } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useCozeDraft } from '../api/viral';
import { useVideoChannelOptions } from '../api/channels';
import { AvatarSelect, VoiceSelect } from '../components/AvatarVoiceFields';
import { useToolState } from '../../../lib/tool-state';
import { PageTitle } from '../components/ViralTabs';
import { viralText as t } from '../messages';

/** 一键爆款视频 (/cozeVideo): topic → the model's scenes, given to the chosen avatars and voice → edit → one work. */
export default function CozeVideoPage() {
  const navigate = useNavigate();
  const [topic, setTopic] = useState('');
  const [style, setStyle] = useState<string>(COPY_STYLES[0]);
  const [avatars, setAvatars] = useState<number[]>([]);
  const [voice, setVoice] = useState<number>();
  const [scenes, setScenes] = useState(4);
  const channels = useVideoChannelOptions();
  const [api, setApi] = useState<string>();
  const chosenApi = api ?? channels[0]?.value;
  const draft = useCozeDraft();
  const tool = useToolState('cozeVideo');
  const run = async () => {
    if (!topic.trim()) return feedback.warning(t.topicRequired);
    if (!avatars.length) return feedback.warning(t.avatarRequired);
    if (!voice) return feedback.warning(t.voiceRequired);
    const r = await draft
      .mutateAsync({
        topic: topic.trim(),
        style,
        video_ids: avatars.join(','),
        voice_id: voice,
        api: chosenApi,
        scenes,
      })
      .catch(() => null);
    if (r) void navigate(`/cozeVideo/editVideo?id=${r.id}`);
  };
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <PageTitle
        title={t.cozeTitle}
        intro={t.cozeIntro}
        tool="cozeVideo"
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => void navigate('/cozeVideo/history')}>
            {t.history}
          </Button>
        }
      />
      <Card size="small" style={{ maxWidth: 720 }}>
        <Form layout="vertical" onFinish={() => void run()}>
          <Form.Item label={t.copyTopic} required>
            <Input
              aria-label={t.copyTopic}
              placeholder={t.copyTopicPlaceholder}
              value={topic}
              maxLength={200}
              onChange={(e) => setTopic(e.target.value)}
            />
          </Form.Item>
          <Form.Item label={t.styleLabel}>
            <Select
              aria-label={t.styleLabel}
              value={style}
              onChange={setStyle}
              options={COPY_STYLES.map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
          <Form.Item label={t.avatars} required>
            <AvatarSelect value={avatars} onChange={setAvatars} />
          </Form.Item>
          <Form.Item label={t.voice} required>
            <VoiceSelect value={voice} onChange={setVoice} />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item label={t.channel} style={{ minWidth: 220 }}>
              <Select aria-label={t.channel} value={chosenApi} onChange={setApi} options={channels} />
            </Form.Item>
            <Form.Item label={t.sceneCount}>
              <InputNumber
                aria-label={t.sceneCount}
                min={1}
                max={COZE_SCENES_MAX}
                value={scenes}
                onChange={(v) => setScenes(v ?? 4)}
              />
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit" disabled={!tool.available} loading={draft.isPending}>
            {t.draft}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
