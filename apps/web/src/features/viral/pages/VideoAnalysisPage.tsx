import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Collapse, Flex, Input, Result, Row, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { VIRAL_STATUS, type ViralBeat, type ViralProject } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useAnalyseText, useAnalyseVideo, useMimic, useProject } from '../api/viral';
import { ReportView } from '../components/ReportView';
import { ScriptActions } from '../components/ScriptActions';
import { useToolState } from '../../../lib/tool-state';
import { ViralTabs } from '../components/ViralTabs';
import { viralText as t } from '../messages';

const STEPS: string[] = [t.stepExtract, t.stepTranscribe, t.stepAnalyse];

function Progress({ project }: { project: ViralProject }) {
  const at = Math.max(0, STEPS.indexOf(project.step));
  return (
    <Card size="small">
      <Flex vertical gap={12} align="center" style={{ padding: 16 }}>
        <Spin />
        <Steps size="small" current={at} items={STEPS.map((title) => ({ title }))} />
        <Typography.Text type="secondary">{project.step}</Typography.Text>
      </Flex>
    </Card>
  );
}

/** Mimic: the user's topic, a new script with the same beats, and where it can go next. */
const mimicKey = (id: number) => `viral_mimic_${id}`;

/** The last mimic of a project in this tab, so coming back from the studio shows it again. */
function readMimic(id: number): { topic: string; beats: ViralBeat[] } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(mimicKey(id)) ?? 'null') as {
      topic: string;
      beats: ViralBeat[];
    } | null;
    return saved && Array.isArray(saved.beats) ? saved : { topic: '', beats: [] };
  } catch {
    return { topic: '', beats: [] };
  }
}

function MimicPanel({ project }: { project: ViralProject }) {
  const [saved] = useState(() => readMimic(project.id));
  const [topic, setTopic] = useState(saved.topic);
  const [beats, setBeats] = useState<ViralBeat[]>(saved.beats);
  const mimic = useMimic();
  const writing = useToolState('copywrite');
  const n = project.report?.beats.length ?? 0;
  const run = async () => {
    if (!topic.trim()) return feedback.warning(t.topicRequired);
    const r = await mimic.mutateAsync({ id: project.id, topic: topic.trim() }).catch(() => null);
    if (!r) return;
    setBeats(r.beats);
    try {
      sessionStorage.setItem(mimicKey(project.id), JSON.stringify({ topic: topic.trim(), beats: r.beats }));
    } catch {
      /* private mode: kept on this page only */
    }
  };
  const script = beats.map((b) => b.text).join('\n');
  return (
    <Card title={t.mimicTitle} size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t.mimicNote(n)}</Typography.Text>
        <Flex gap={8}>
          <Input
            aria-label={t.topicLabel}
            placeholder={t.topicPlaceholder}
            value={topic}
            maxLength={200}
            onChange={(e) => setTopic(e.target.value)}
            onPressEnter={() => void run()}
          />
          <Button type="primary" disabled={!writing.available} loading={mimic.isPending} onClick={() => void run()}>
            {t.mimic}
          </Button>
        </Flex>
        {beats.length ? (
          <Flex vertical gap={8} data-testid="mimic-script">
            {beats.map((b, i) => (
              <Card key={i} size="small" type="inner" title={`${i + 1}. ${b.title}`}>
                <Typography.Paragraph style={{ marginBottom: 0 }}>{b.text}</Typography.Paragraph>
              </Card>
            ))}
            <ScriptActions text={script} parts={beats.map((b) => b.text)} name={topic.trim().slice(0, 30)} />
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

function ProjectView({ id }: { id: number }) {
  const { data: project, isLoading } = useProject(id);
  if (isLoading) return <Spin />;
  if (!project) return <Result status="404" title={t.projectMissing} />;
  if (project.status === VIRAL_STATUS.running) return <Progress project={project} />;
  if (project.status === VIRAL_STATUS.failed)
    return <Alert type="error" showIcon title={t.failed} description={project.fail_reason} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Flex vertical gap={16}>
          {project.report ? <ReportView report={project.report} /> : null}
          <Collapse
            size="small"
            items={[
              {
                key: 't',
                label: t.transcript,
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{project.transcript}</Typography.Paragraph>
                ),
              },
            ]}
          />
        </Flex>
      </Col>
      <Col xs={24} xl={12}>
        <MimicPanel key={project.id} project={project} />
      </Col>
    </Row>
  );
}

/** 爆款复刻 (/explosiveAnalysis, /explosiveAnalysis/video?id=): a link → its analysis → a mimic script. */
export default function VideoAnalysisPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const [link, setLink] = useState('');
  const [text, setText] = useState('');
  const analyse = useAnalyseVideo();
  const analyseText = useAnalyseText();
  const analysis = useToolState('explosiveAnalysis');
  const writing = useToolState('copywrite');
  const open = (next: number) => setParams({ id: String(next) });
  const submitLink = async () => {
    if (!link.trim()) return feedback.warning(t.linkRequired);
    const r = await analyse.mutateAsync(link.trim()).catch(() => null);
    if (r) open(r.id);
  };
  const submitText = async () => {
    if (!text.trim()) return feedback.warning(t.textRequired);
    const r = await analyseText.mutateAsync(text.trim()).catch(() => null);
    if (r) open(r.id);
  };
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <ViralTabs intro={t.intro} tool="explosiveAnalysis" />
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex gap={8}>
            <Input
              aria-label={t.linkLabel}
              prefix={<LinkOutlined />}
              placeholder={t.linkPlaceholder}
              value={link}
              maxLength={2000}
              onChange={(e) => setLink(e.target.value)}
              onPressEnter={() => void submitLink()}
            />
            <Button
              type="primary"
              disabled={!analysis.available}
              loading={analyse.isPending}
              onClick={() => void submitLink()}
            >
              {t.analyse}
            </Button>
          </Flex>
          <Collapse
            ghost
            size="small"
            items={[
              {
                key: 'text',
                label: t.pasteText,
                children: (
                  <Flex vertical gap={8}>
                    <Input.TextArea
                      aria-label={t.pasteText}
                      placeholder={t.textPlaceholder}
                      autoSize={{ minRows: 3, maxRows: 8 }}
                      maxLength={8000}
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                    />
                    <Button
                      style={{ alignSelf: 'flex-start' }}
                      disabled={!writing.available}
                      loading={analyseText.isPending}
                      onClick={() => void submitText()}
                    >
                      {t.analyseText}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {id ? <ProjectView id={id} /> : null}
    </Flex>
  );
}
