import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Flex, Input, Result, Row, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COZE_RUN_STATUS, COZE_SCENES_MAX, type CozeRun, type CozeScene } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useVideoChannelOptions } from '../api/channels';
import { useRun, useSubmitRun } from '../api/viral';
import { AvatarSelect, VoiceSelect } from '../components/AvatarVoiceFields';
import { PageTitle } from '../components/ViralTabs';
import { viralText as t } from '../messages';

function Editor({ run }: { run: CozeRun }) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [scenes, setScenes] = useState<CozeScene[]>(run.scenes);
  const [name, setName] = useState(run.topic.slice(0, 64));
  const channels = useVideoChannelOptions();
  const [api, setApi] = useState<string | undefined>(run.api || undefined);
  const submit = useSubmitRun();
  const editable = run.status === COZE_RUN_STATUS.draft;
  const update = (i: number, next: Partial<CozeScene>) =>
    setScenes((all) => all.map((s, j) => (j === i ? { ...s, ...next } : s)));
  const send = async () => {
    if (!scenes.length || scenes.some((s) => !s.text.trim())) return feedback.warning(t.scenesRequired);
    const r = await submit
      .mutateAsync({ id: run.id, name, api: api ?? channels[0]?.value, scenes: JSON.stringify(scenes) })
      .catch(() => null);
    if (r)
      modal.success({
        title: t.submitTitle,
        content: t.submitDone,
        okText: t.toWorks,
        onOk: () => void navigate('/works?type1=1'),
      });
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={17}>
        <Flex vertical gap={12}>
          {scenes.map((s, i) => (
            <Card
              key={i}
              size="small"
              title={t.scene(i + 1)}
              extra={
                editable && scenes.length > 1 ? (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t.removeScene}
                    onClick={() => setScenes((all) => all.filter((_, j) => j !== i))}
                  />
                ) : null
              }
            >
              <Flex vertical gap={8}>
                <Input.TextArea
                  aria-label={t.scene(i + 1)}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={2000}
                  value={s.text}
                  disabled={!editable}
                  onChange={(e) => update(i, { text: e.target.value })}
                />
                <Flex gap={8} wrap>
                  <div style={{ flex: '1 1 200px' }}>
                    <AvatarSelect
                      value={[s.video_id]}
                      multiple={false}
                      onChange={(v) => update(i, { video_id: v[0]! })}
                    />
                  </div>
                  <div style={{ flex: '1 1 200px' }}>
                    <VoiceSelect value={s.voice_id} onChange={(v) => update(i, { voice_id: v })} />
                  </div>
                </Flex>
              </Flex>
            </Card>
          ))}
          {editable && scenes.length < COZE_SCENES_MAX ? (
            <Button
              icon={<PlusOutlined />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setScenes((all) => [...all, { ...(all.at(-1) ?? run.scenes[0]!), text: '' }])}
            >
              {t.addScene}
            </Button>
          ) : null}
        </Flex>
      </Col>
      <Col xs={24} lg={7}>
        <Card size="small">
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">{t.workName}</Typography.Text>
            <Input aria-label={t.workName} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
            <Typography.Text type="secondary">{t.channel}</Typography.Text>
            <Select aria-label={t.channel} value={api ?? channels[0]?.value} onChange={setApi} options={channels} />
            {editable ? (
              <Button type="primary" loading={submit.isPending} onClick={() => void send()}>
                {t.submit}
              </Button>
            ) : (
              <Button onClick={() => void navigate('/works?type1=1')}>{t.toWorks}</Button>
            )}
          </Flex>
        </Card>
      </Col>
    </Row>
  );
}

/** 编辑分镜 (/cozeVideo/editVideo?id=): the generated scenes, editable until submitted. */
export default function EditVideoPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const { data: run, isLoading } = useRun(id);
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <PageTitle title={t.editTitle} intro={t.editIntro} />
      {!id ? <Empty description={t.runMissing} /> : null}
      {id && isLoading ? <Spin /> : null}
      {id && !isLoading && !run ? <Result status="404" title={t.runMissing} /> : null}
      {run ? <Editor key={run.id} run={run} /> : null}
    </Flex>
  );
}
