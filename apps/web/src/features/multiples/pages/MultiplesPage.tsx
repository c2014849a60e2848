import { FileAddOutlined, QuestionCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Flex, Radio, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Voice } from '@app/contract';
import { useVoiceChannels } from '../../../entities/voices';
import { feedback } from '../../../lib/feedback';
import { takeHandoverScenes } from '../../../lib/handover';
import { useDraft } from '../../../lib/use-draft';
import { useSaveMultiWork } from '../api/save-multi-work';
import { useVideoChannels } from '../api/video-channels';
import { AvatarPickerDialog } from '../components/AvatarPickerDialog';
import { SceneCard } from '../components/SceneCard';
import { SceneCaptions } from '../components/SceneCaptions';
import { SceneFinish } from '../components/SceneFinish';
import { captionRequest } from '../../../components/captions';
import { finishMissing, finishRequest } from '../../../components/backdrop';
import { VoicePickerDialog } from '../components/VoicePickerDialog';
import { COMPOSER_DRAFT, fromDraft, toDraft } from '../lib/draft';
import { newScene, sceneProblem, toItem, totalSeconds, type Scene } from '../lib/scenes';
import { multiplesText as t } from '../messages';

type Picking = { kind: 'avatar' | 'voice'; key: number } | null;

/** The multi-scene composer (spec 001 §2): numbered scenes, side options, one submission. */
export default function MultiplesPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [name, setName] = useState<string>(t.defaultWorkName);
  // Scenes handed over by another page (a viral script split into scenes) open the composer, not the draft.
  const [handed] = useState(takeHandoverScenes);
  const [scenes, setScenes] = useState<Scene[]>(() =>
    handed.length ? handed.map((text) => ({ ...newScene('text'), text })) : [newScene('text')],
  );
  const [driveMode, setDriveMode] = useState<'serial' | 'random'>('serial');
  const [outputMode, setOutputMode] = useState<'video' | 'audio'>('video');
  const [channel, setChannel] = useState<string | undefined>();
  // The unsent composition is the account's draft until it is submitted.
  const restore = useCallback((raw: string) => {
    const c = fromDraft(raw);
    setName(c.name);
    setScenes(c.scenes);
    setDriveMode(c.driveMode);
    setOutputMode(c.outputMode);
    setChannel(c.channel);
  }, []);
  const unsent = useMemo(
    () => toDraft({ name, scenes, driveMode, outputMode, channel }),
    [name, scenes, driveMode, outputMode, channel],
  );
  const draft = useDraft(COMPOSER_DRAFT, unsent, restore, handed.length > 0);
  const [picking, setPicking] = useState<Picking>(null);
  const voiceChannels = useVoiceChannels();
  const videoChannels = useVideoChannels();
  const save = useSaveMultiWork();
  const channelList = videoChannels.data?.list ?? [];
  const api = channel ?? channelList.find((c) => c.version_name === '3.0')?.api ?? channelList[0]?.api;
  const chosen = scenes.find((s) => s.key === picking?.key) ?? null;

  const update = (key: number, next: Partial<Scene>) =>
    setScenes((all) => all.map((s) => (s.key === key ? { ...s, ...next } : s)));
  const add = (type: Scene['type']) => setScenes((all) => [...all, newScene(type, all.at(-1))]);
  const chooseVoice = (voice: Voice, allScenes: boolean) => {
    const v = {
      id: voice.id,
      name: voice.name,
      api: voice.api,
      version_name: voice.version_name,
      voice_channel_name: voice.voice_channel_name,
    };
    const tuned = { voice: v, rate: voice.rate || 1, volume: voice.volume || 1, pitch: voice.pitch || 1 };
    setScenes((all) => all.map((s) => (allScenes || s.key === picking?.key ? { ...s, ...tuned } : s)));
  };

  const submit = async () => {
    const problem = sceneProblem(scenes, outputMode === 'video');
    if (problem) return feedback.warning(problem);
    const video = outputMode === 'video';
    const unfinished = video ? finishMissing() : null;
    if (unfinished) return feedback.warning(unfinished);
    await save.mutateAsync({
      name: name.trim() || t.defaultWorkName,
      api,
      drive_mode: driveMode,
      output_mode: outputMode,
      content: JSON.stringify(scenes.map(toItem)),
      ...(video ? { ...captionRequest(), ...finishRequest() } : {}),
    });
    draft.sent();
    modal.success({
      title: t.submitTitle,
      content: t.submitDone,
      okText: t.toWorks,
      onOk: () => void navigate('/works?type1=1'),
    });
  };

  return (
    <Row gutter={[16, 16]} style={{ padding: 16 }}>
      <Col xs={24} lg={17}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title
              level={4}
              style={{ margin: 0 }}
              editable={{ onChange: setName, maxLength: 64, triggerType: ['icon', 'text'] }}
            >
              {name}
            </Typography.Title>
            <Space>
              <Typography.Text type="secondary">{t.estimate(totalSeconds(scenes))}</Typography.Text>
              <Tooltip title={t.estimateNote}>
                <QuestionCircleOutlined aria-label={t.estimateNote} />
              </Tooltip>
            </Space>
          </Flex>
          {scenes.map((scene, i) => (
            <SceneCard
              key={scene.key}
              index={i}
              scene={scene}
              channels={voiceChannels.data?.list ?? []}
              showAvatar={outputMode === 'video'}
              onChange={(next) => update(scene.key, next)}
              onRemove={
                scenes.length > 1 ? () => setScenes((all) => all.filter((s) => s.key !== scene.key)) : undefined
              }
              onPickAvatar={() => setPicking({ kind: 'avatar', key: scene.key })}
              onPickVoice={() => setPicking({ kind: 'voice', key: scene.key })}
            />
          ))}
          <Space>
            <Button icon={<FileAddOutlined />} onClick={() => add('text')}>
              {t.addTextScene}
            </Button>
            <Button icon={<SoundOutlined />} onClick={() => add('audio')}>
              {t.addAudioScene}
            </Button>
          </Space>
        </Flex>
      </Col>
      <Col xs={24} lg={7}>
        <Card title={t.options} size="small">
          <Flex vertical gap={12}>
            <div>
              <Typography.Text type="secondary">{t.driveMode}</Typography.Text>
              <Radio.Group
                aria-label={t.driveMode}
                value={driveMode}
                onChange={(e) => setDriveMode(e.target.value as 'serial' | 'random')}
                options={[
                  { label: t.serial, value: 'serial' },
                  { label: t.random, value: 'random' },
                ]}
                style={{ display: 'block', marginTop: 4 }}
              />
            </div>
            <div>
              <Typography.Text type="secondary">{t.output}</Typography.Text>
              <Radio.Group
                aria-label={t.output}
                value={outputMode}
                onChange={(e) => setOutputMode(e.target.value as 'video' | 'audio')}
                options={[
                  { label: t.outputVideo, value: 'video' },
                  { label: t.outputAudio, value: 'audio' },
                ]}
                style={{ display: 'block', marginTop: 4 }}
              />
            </div>
            <div>
              <Typography.Text type="secondary">{t.generationMode}</Typography.Text>
              <Typography.Paragraph style={{ margin: '4px 0 0' }}>{t.pointsMode(t.perSecond)}</Typography.Paragraph>
            </div>
            <div>
              <Typography.Text type="secondary">{t.model}</Typography.Text>
              <Typography.Paragraph style={{ margin: '4px 0 0' }}>{t.modelName}</Typography.Paragraph>
            </div>
            {outputMode === 'video' && (
              <div>
                <Typography.Text type="secondary">{t.channel}</Typography.Text>
                <Select
                  aria-label={t.channel}
                  value={api}
                  onChange={setChannel}
                  loading={videoChannels.isPending}
                  options={channelList.map((c) => ({ value: c.api, label: c.name }))}
                  style={{ width: '100%', marginTop: 4 }}
                />
              </div>
            )}
            {outputMode === 'video' && <SceneCaptions scenes={scenes} />}
            {outputMode === 'video' && <SceneFinish scenes={scenes} />}
            <Button
              type="primary"
              size="large"
              block
              loading={save.isPending}
              onClick={() => void submit().catch(() => undefined)}
            >
              {t.submit}
            </Button>
          </Flex>
        </Card>
      </Col>
      <AvatarPickerDialog
        open={picking?.kind === 'avatar'}
        value={chosen?.avatar ?? null}
        onClose={() => setPicking(null)}
        onChoose={(avatar) => chosen && update(chosen.key, { avatar })}
      />
      <VoicePickerDialog
        open={picking?.kind === 'voice'}
        value={chosen?.voice?.id ?? null}
        onClose={() => setPicking(null)}
        onChoose={chooseVoice}
      />
    </Row>
  );
}
