import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { IpReport } from '@app/contract';
import { viralText as t } from '../messages';
import { ReportSection, ReportTags, ReportText } from './ReportView';

/**
 * An account's analysis as a creator reads it, in sections like a video's report: positioning, audience,
 * content pillars, persona style and numbered suggestions.
 */
export function IpReportView({ report, extra }: { report: IpReport; extra?: ReactNode }) {
  return (
    <Card title={t.ipReportTitle} size="small" extra={extra} data-testid="ip-report">
      <Flex vertical gap={16}>
        <ReportSection title={t.positioning}>
          <ReportText>{report.positioning}</ReportText>
        </ReportSection>
        <ReportSection title={t.audience}>
          <ReportText>{report.audience}</ReportText>
        </ReportSection>
        <ReportSection title={`${t.pillars}（${report.pillars.length}）`}>
          <ReportTags items={report.pillars} color="purple" />
        </ReportSection>
        <ReportSection title={t.style}>
          <ReportText>{report.style}</ReportText>
        </ReportSection>
        <ReportSection title={t.suggestions}>
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {report.suggestions.map((s, i) => (
              <li key={i}>
                <Typography.Text>{s}</Typography.Text>
              </li>
            ))}
          </ol>
        </ReportSection>
      </Flex>
    </Card>
  );
}
