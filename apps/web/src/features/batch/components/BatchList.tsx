import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { BatchSummary, BatchWorkRow } from '@app/contract';
import { downloadBatchZip, useBatchDetail, useBatches } from '../api/batch';
import { batchText as t } from '../messages';

const statusColor: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error' };

/** One batch's rows: the video each became and its state. */
function BatchRows({ id }: { id: number }) {
  const detail = useBatchDetail(id);
  const columns: TableColumnsType<BatchWorkRow> = [
    { title: t.rowNo, dataIndex: 'row', width: 56 },
    { title: t.batchName, dataIndex: 'name' },
    {
      title: t.status,
      dataIndex: 'status_name',
      render: (name: string, r) => <Tag color={statusColor[r.status]}>{name}</Tag>,
    },
    { title: t.failReason, dataIndex: 'fail_reason', responsive: ['md'] },
  ];
  return (
    <Table<BatchWorkRow>
      rowKey="row"
      size="small"
      columns={columns}
      dataSource={detail.data?.rows ?? []}
      loading={detail.isFetching}
      pagination={false}
    />
  );
}

/** The account's batches: how far each is, and its finished videos as one ZIP. */
export function BatchList() {
  const batches = useBatches();
  // On a phone the download button keeps only its icon, so the row fits without scrolling sideways.
  const wide = Grid.useBreakpoint().md ?? true;
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = (id: number) => {
    setDownloading(id);
    void downloadBatchZip(id).finally(() => setDownloading(null));
  };
  const columns: TableColumnsType<BatchSummary> = [
    { title: t.batchName, dataIndex: 'name' },
    { title: t.createTime, dataIndex: 'create_time', responsive: ['md'] },
    {
      title: t.progress,
      key: 'progress',
      render: (_, b) => (
        <Flex vertical gap={2} style={{ minWidth: wide ? 160 : 110 }} aria-label={`${b.name} ${t.progress}`}>
          <Progress
            percent={Math.round(((b.done + b.failed) / Math.max(1, b.total)) * 100)}
            success={{ percent: Math.round((b.done / Math.max(1, b.total)) * 100) }}
            status={b.running ? 'active' : b.failed ? 'exception' : 'success'}
            size="small"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.counts(b.done, b.failed, b.running)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t.creditsColumn, dataIndex: 'credits', responsive: ['md'], render: (n: number) => t.credits(n) },
    {
      title: '',
      key: 'actions',
      render: (_, b) => (
        <Button
          icon={<DownloadOutlined />}
          disabled={!b.done}
          loading={downloading === b.id}
          aria-label={`${t.downloadAll} ${b.name}`}
          onClick={() => download(b.id)}
        >
          {wide && t.downloadAll}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t.progressTitle}>
      <Table<BatchSummary>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={batches.data?.list ?? []}
        loading={batches.isLoading}
        pagination={false}
        locale={{ emptyText: t.noBatches }}
        expandable={{ expandedRowRender: (b) => <BatchRows id={b.id} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
