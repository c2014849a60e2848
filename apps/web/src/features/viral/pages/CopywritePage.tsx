import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Input, Radio, Row, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COPY_LENGTHS, COPY_STYLES } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useGenerateScript } from '../api/viral';
import { ScriptActions } from '../components/ScriptActions';
import { useToolState } from '../../../lib/tool-state';
import { PageTitle } from '../components/ViralTabs';
import { viralText as t } from '../messages';

type Action = 'generate' | 'rewrite' | 'polish';

/** 文案创作 (/copywrite/index): copy for a topic in a style and length, or a text rewritten or polished. */
export default function CopywritePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [action, setAction] = useState<Action>('generate');
  const [topic, setTopic] = useState(params.get('topic') ?? '');
  const [text, setText] = useState('');
  const [style, setStyle] = useState<string>(COPY_STYLES[0]);
  const [length, setLength] = useState<string>('300');
  const [result, setResult] = useState('');
  const generate = useGenerateScript();
  const tool = useToolState('copywrite');
  const run = async () => {
    if (action === 'generate' && !topic.trim()) return feedback.warning(t.topicRequired);
    if (action !== 'generate' && !text.trim()) return feedback.warning(t.copyTextRequired);
    const r = await generate
      .mutateAsync({ action, topic: topic.trim(), text: text.trim(), style, length })
      .catch(() => null);
    if (r) setResult(r.content);
  };
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <PageTitle
        title={t.copyTitle}
        intro={t.copyIntro}
        tool="copywrite"
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => void navigate('/store/copywrite/trace')}>
            {t.traceLink}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small">
            <Flex vertical gap={12}>
              <Segmented
                aria-label={t.copyTitle}
                value={action}
                onChange={(v) => setAction(v as Action)}
                options={(['generate', 'rewrite', 'polish'] as const).map((a) => ({ value: a, label: t.actions[a] }))}
              />
              {action === 'generate' ? (
                <Input
                  aria-label={t.copyTopic}
                  placeholder={t.copyTopicPlaceholder}
                  value={topic}
                  maxLength={200}
                  onChange={(e) => setTopic(e.target.value)}
                />
              ) : (
                <Input.TextArea
                  aria-label={t.copyText}
                  placeholder={t.copyTextPlaceholder}
                  autoSize={{ minRows: 5, maxRows: 12 }}
                  maxLength={8000}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
              )}
              {action !== 'polish' ? (
                <>
                  <Flex gap={8} align="center">
                    <Typography.Text style={{ flex: '0 0 auto' }}>{t.styleLabel}</Typography.Text>
                    <Select
                      aria-label={t.styleLabel}
                      value={style}
                      onChange={setStyle}
                      style={{ flex: 1 }}
                      options={COPY_STYLES.map((s) => ({ value: s, label: s }))}
                    />
                  </Flex>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text>{t.lengthLabel}</Typography.Text>
                    <Radio.Group
                      aria-label={t.lengthLabel}
                      value={length}
                      onChange={(e) => setLength(e.target.value as string)}
                      optionType="button"
                      options={COPY_LENGTHS.map((l) => ({ value: l, label: t.lengths[l] }))}
                    />
                  </Flex>
                </>
              ) : null}
              <Button type="primary" disabled={!tool.available} loading={generate.isPending} onClick={() => void run()}>
                {t.actions[action]}
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t.result}>
            <Flex vertical gap={12}>
              <Input.TextArea
                aria-label={t.result}
                autoSize={{ minRows: 8, maxRows: 20 }}
                value={result}
                onChange={(e) => setResult(e.target.value)}
                placeholder={t.empty}
              />
              <ScriptActions text={result} name={topic.trim().slice(0, 30) || undefined} />
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
