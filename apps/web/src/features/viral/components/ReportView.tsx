import { Card, Flex, Steps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { ViralReport } from '@app/contract';
import { viralText as t } from '../messages';

/** One titled part of a report (a video's or an account's). */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** A paragraph of a report's prose. */
export const ReportText = ({ children }: { children: ReactNode }) => (
  <Typography.Paragraph style={{ marginBottom: 0 }}>{children}</Typography.Paragraph>
);

/** Short labels of a report (selling points, emotions, content pillars) as tags. */
export function ReportTags({ items, color }: { items: string[]; color: string }) {
  return (
    <Flex gap={8} wrap>
      {items.map((s) => (
        <Tag key={s} color={color}>
          {s}
        </Tag>
      ))}
    </Flex>
  );
}

/** The analysis as a creator reads it: the hook, the beats in order, selling points, emotions, why it spread. */
export function ReportView({ report }: { report: ViralReport }) {
  return (
    <Card title={t.reportTitle} size="small" data-testid="viral-report">
      <Flex vertical gap={16}>
        <ReportSection title={t.hook}>
          <ReportText>{report.hook}</ReportText>
        </ReportSection>
        <ReportSection title={`${t.beats}（${report.beats.length}）`}>
          <Steps
            orientation="vertical"
            size="small"
            current={-1}
            items={report.beats.map((b) => ({ title: b.title, content: b.text, status: 'process' as const }))}
          />
        </ReportSection>
        <ReportSection title={t.sellingPoints}>
          <ReportTags items={report.selling_points} color="blue" />
        </ReportSection>
        <ReportSection title={t.emotions}>
          <ReportTags items={report.emotions} color="magenta" />
        </ReportSection>
        <ReportSection title={t.why}>
          <ReportText>{report.why}</ReportText>
        </ReportSection>
      </Flex>
    </Card>
  );
}
