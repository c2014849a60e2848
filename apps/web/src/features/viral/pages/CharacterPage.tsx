import { Button, Card, Col, Flex, InputNumber, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import type { ViralTopic } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useTopics } from '../api/viral';
import { TopicList } from '../components/TopicList';
import { useToolState } from '../../../lib/tool-state';
import { ViralTabs } from '../components/ViralTabs';
import { viralText as t } from '../messages';

/** 人设选题 (/explosiveAnalysis/character): a persona or product → topics that tend to spread. */
export default function CharacterPage() {
  const [about, setAbout] = useState('');
  const [count, setCount] = useState(6);
  const [topics, setTopics] = useState<ViralTopic[]>([]);
  const propose = useTopics();
  const tool = useToolState('copywrite');
  const run = async () => {
    if (!about.trim()) return feedback.warning(t.profileRequired);
    const r = await propose.mutateAsync({ text: about.trim(), count }).catch(() => null);
    if (r) setTopics(r.list);
  };
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <ViralTabs intro={t.characterIntro} tool="copywrite" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small">
            <Flex vertical gap={12}>
              <Input.TextArea
                aria-label={t.characterTitle}
                placeholder={t.characterPlaceholder}
                autoSize={{ minRows: 4, maxRows: 10 }}
                maxLength={8000}
                value={about}
                onChange={(e) => setAbout(e.target.value)}
              />
              <Flex gap={8} align="center">
                <Typography.Text>{t.topicCount}</Typography.Text>
                <InputNumber min={1} max={12} value={count} onChange={(v) => setCount(v ?? 6)} />
              </Flex>
              <Button type="primary" disabled={!tool.available} loading={propose.isPending} onClick={() => void run()}>
                {t.proposeTopics}
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {topics.length ? <TopicList topics={topics} /> : null}
        </Col>
      </Row>
    </Flex>
  );
}
