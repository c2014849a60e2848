import { Card, Flex, Steps, Tag, Typography } from 'antd';
import type { ViralReport } from '@app/contract';
import { viralText as t } from '../messages';

/** The analysis as a creator reads it: the hook, the beats in order, selling points, emotions, why it spread. */
export function ReportView({ report }: { report: ViralReport }) {
  return (
    <Card title={t.reportTitle} size="small" data-testid="viral-report">
      <Flex vertical gap={16}>
        <section aria-label={t.hook}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t.hook}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{report.hook}</Typography.Paragraph>
        </section>
        <section aria-label={t.beats}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t.beats}（{report.beats.length}）
          </Typography.Title>
          <Steps
            orientation="vertical"
            size="small"
            current={-1}
            items={report.beats.map((b) => ({ title: b.title, content: b.text, status: 'process' as const }))}
          />
        </section>
        <section aria-label={t.sellingPoints}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t.sellingPoints}
          </Typography.Title>
          <Flex gap={8} wrap>
            {report.selling_points.map((s) => (
              <Tag key={s} color="blue">
                {s}
              </Tag>
            ))}
          </Flex>
        </section>
        <section aria-label={t.emotions}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t.emotions}
          </Typography.Title>
          <Flex gap={8} wrap>
            {report.emotions.map((s) => (
              <Tag key={s} color="magenta">
                {s}
              </Tag>
            ))}
          </Flex>
        </section>
        <section aria-label={t.why}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t.why}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>{report.why}</Typography.Paragraph>
        </section>
      </Flex>
    </Card>
  );
}
