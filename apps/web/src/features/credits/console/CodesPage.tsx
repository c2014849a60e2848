import { Button, Card, Flex, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CODE_STATES, type CodeRow } from '@app/contract';
import { AdminLayout, ConsoleSearch, usePagedFilters } from '../../../components/admin-layout';
import { GenerateCodesModal } from './GenerateCodesModal';
import { downloadBatchCsv, useCodeBatches, useCodes, useVoidCodes } from './api';
import { codesConsoleText as t, codeStateText } from './messages';

const stateColor = { unused: 'green', used: 'blue', expired: 'default', void: 'red' } as const;

/** Redeem codes screen: batches with their counts (export, void), and the codes filtered by batch and state. */
export default function CodesPage() {
  const [generating, setGenerating] = useState(false);
  const paged = usePagedFilters({ batch: '', state: '' as '' | CodeRow['state'], keyword: '' });
  const batches = useCodeBatches();
  const codes = useCodes(paged.params);
  const voidCodes = useVoidCodes();
  const pick = (b: string) => paged.setFilter('batch', b);

  return (
    <AdminLayout
      title={t.menuCodes}
      extra={
        <Button type="primary" onClick={() => setGenerating(true)}>
          {t.generate}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Card title={t.batchesList}>
          <Table
            rowKey="batch"
            size="small"
            loading={batches.isFetching}
            dataSource={batches.data?.list}
            pagination={{ pageSize: 5 }}
            columns={[
              {
                title: t.batch,
                dataIndex: 'batch',
                render: (b: string) => (
                  <Button type="link" size="small" onClick={() => pick(b)} aria-label={`${t.batch} ${b}`}>
                    {b}
                  </Button>
                ),
              },
              { title: t.creditsPerCode, dataIndex: 'credits' },
              { title: t.total, dataIndex: 'total' },
              { title: t.unused, dataIndex: 'unused' },
              { title: t.used, dataIndex: 'used' },
              { title: t.expired, dataIndex: 'expired' },
              { title: t.voided, dataIndex: 'void' },
              { title: t.madeTime, dataIndex: 'create_time' },
              {
                title: t.actions,
                key: 'actions',
                render: (_, row) => (
                  <Flex gap={4}>
                    <Button size="small" onClick={() => void downloadBatchCsv(row.batch)}>
                      {t.exportCsv}
                    </Button>
                    <Popconfirm title={t.voidConfirm} onConfirm={() => voidCodes.mutate({ batch: row.batch })}>
                      <Button size="small" danger disabled={row.unused === 0}>
                        {t.voidUnused}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
        <Card
          title={t.codesList}
          extra={
            <Flex gap={8} wrap>
              <Select
                value={paged.filters.batch}
                onChange={pick}
                style={{ width: 180 }}
                aria-label={t.batch}
                options={[
                  { value: '', label: t.allBatches },
                  ...(batches.data?.list ?? []).map((b) => ({ value: b.batch, label: b.batch })),
                ]}
              />
              <Select
                value={paged.filters.state}
                onChange={(v) => paged.setFilter('state', v)}
                style={{ width: 120 }}
                aria-label={t.state}
                options={[
                  { value: '', label: t.allStates },
                  ...CODE_STATES.map((s) => ({ value: s, label: codeStateText[s] })),
                ]}
              />
              <ConsoleSearch label={t.searchCode} width={200} onSearch={(v) => paged.setFilter('keyword', v)} />
            </Flex>
          }
        >
          <Table<CodeRow>
            rowKey="id"
            size="small"
            {...paged.tableProps(codes)}
            columns={[
              {
                title: t.code,
                dataIndex: 'code',
                render: (c: string) => <Typography.Text copyable>{c}</Typography.Text>,
              },
              { title: t.batch, dataIndex: 'batch' },
              { title: t.credits, dataIndex: 'credits' },
              { title: t.creditDays, dataIndex: 'days' },
              { title: t.vipDays, dataIndex: 'vip_days' },
              { title: t.expireTime, dataIndex: 'expire_time' },
              {
                title: t.state,
                dataIndex: 'state',
                render: (s: CodeRow['state']) => <Tag color={stateColor[s]}>{codeStateText[s]}</Tag>,
              },
              { title: t.usedBy, dataIndex: 'used_by' },
              { title: t.usedTime, dataIndex: 'used_time' },
            ]}
          />
        </Card>
      </Flex>
      <GenerateCodesModal open={generating} onClose={() => setGenerating(false)} onMade={pick} />
    </AdminLayout>
  );
}
