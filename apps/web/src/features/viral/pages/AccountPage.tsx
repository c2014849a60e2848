import { Button, Card, Col, Flex, Input, Row } from 'antd';
import { useState } from 'react';
import type { IpReport, ViralTopic } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useAnalyseIp, useTopics } from '../api/viral';
import { IpReportView } from '../components/IpReportView';
import { TopicList } from '../components/TopicList';
import { useToolState } from '../../../lib/tool-state';
import { ViralTabs } from '../components/ViralTabs';
import { viralText as t } from '../messages';

/** 账号分析 (/explosiveAnalysis/user): a profile link or pasted profile → positioning, audience, pillars → topics. */
export default function AccountPage() {
  const [link, setLink] = useState('');
  const [text, setText] = useState('');
  const [report, setReport] = useState<IpReport | null>(null);
  const [topics, setTopics] = useState<ViralTopic[]>([]);
  const analyse = useAnalyseIp();
  const propose = useTopics();
  const tool = useToolState('copywrite');
  const run = async () => {
    if (!link.trim() && !text.trim()) return feedback.warning(t.profileRequired);
    const r = await analyse.mutateAsync({ link: link.trim(), text: text.trim() }).catch(() => null);
    if (r) {
      setReport(r.report);
      setTopics([]);
    }
  };
  const suggest = async () => {
    if (!report) return;
    const about = `${t.positioning}：${report.positioning}\n${t.audience}：${report.audience}\n${t.pillars}：${report.pillars.join('、')}`;
    const r = await propose.mutateAsync({ text: about, count: 6 }).catch(() => null);
    if (r) setTopics(r.list);
  };
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <ViralTabs intro={t.userIntro} tool="copywrite" />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small">
            <Flex vertical gap={12}>
              <Input
                aria-label={t.profileLink}
                placeholder={t.profileLinkPlaceholder}
                value={link}
                maxLength={2000}
                onChange={(e) => setLink(e.target.value)}
              />
              <Input.TextArea
                aria-label={t.profileText}
                placeholder={`${t.profileText}：${t.profileTextPlaceholder}`}
                autoSize={{ minRows: 4, maxRows: 10 }}
                maxLength={8000}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
              <Button type="primary" disabled={!tool.available} loading={analyse.isPending} onClick={() => void run()}>
                {t.analyseIp}
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            {report ? (
              <IpReportView
                report={report}
                extra={
                  <Button disabled={!tool.available} loading={propose.isPending} onClick={() => void suggest()}>
                    {t.proposeTopics}
                  </Button>
                }
              />
            ) : null}
            {topics.length ? <TopicList topics={topics} /> : null}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
