import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Segmented, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { COPY_KINDS } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useDeleteTrace, useTrace } from '../api/viral';
import { PageTitle } from '../components/ViralTabs';
import { viralText as t } from '../messages';

/** 文案记录 (store/copywrite/trace): everything the viral tools generated, by kind. */
export default function TracePage() {
  const [kind, setKind] = useState('');
  const { data, isLoading } = useTrace(kind);
  const remove = useDeleteTrace();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      feedback.success(t.copied);
    } catch {
      feedback.error(t.copyFailed);
    }
  };
  return (
    <Flex vertical gap={16} style={{ padding: 16 }}>
      <PageTitle title={t.traceTitle} intro={t.traceIntro} />
      <Segmented
        aria-label={t.traceTitle}
        value={kind}
        onChange={(v) => setKind(v)}
        options={[{ value: '', label: t.allKinds }, ...COPY_KINDS.map((k) => ({ value: k, label: t.kinds[k] }))]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {isLoading ? <Spin /> : null}
      {!isLoading && !data?.list.length ? <Empty description={t.noTrace} /> : null}
      <Flex vertical gap={12}>
        {data?.list.map((x) => (
          <Card
            key={x.id}
            size="small"
            title={
              <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                <Tag color="blue">{t.kinds[x.kind]}</Tag>
                <Typography.Text ellipsis>{x.topic || x.input.slice(0, 40) || '-'}</Typography.Text>
              </Flex>
            }
            extra={
              <Flex gap={4} align="center">
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {x.create_time} · {t.credits(x.credits)}
                </Typography.Text>
                <Button
                  size="small"
                  type="text"
                  icon={<CopyOutlined />}
                  aria-label={t.copy}
                  onClick={() => void copy(x.content)}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t.delete}
                  onClick={() => void remove.mutateAsync(x.id).catch(() => undefined)}
                />
              </Flex>
            }
          >
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
              ellipsis={{ rows: 6, expandable: true }}
            >
              {x.content}
            </Typography.Paragraph>
          </Card>
        ))}
      </Flex>
    </Flex>
  );
}
