import { Button, Card, Flex, Input, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CODE_STATES, type CodeRow } from '@app/contract';
import { AdminLayout } from '../../../components/admin-layout';
import { GenerateCodesModal } from './GenerateCodesModal';
import { downloadBatchCsv, useCodeBatches, useCodes, useVoidCodes } from './api';
import { codesConsoleText as t, codeStateText } from './messages';

const PAGE_SIZE = 20;
const stateColor = { unused: 'green', used: 'blue', expired: 'default', void: 'red' } as const;

/** Redeem codes screen: batches with their counts (export, void), and the codes filtered by batch and state. */
export default function CodesPage() {
  const [generating, setGenerating] = useState(false);
  const [batch, setBatch] = useState('');
  const [state, setState] = useState<'' | CodeRow['state']>('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const batches = useCodeBatches();
  const codes = useCodes({ batch, state, keyword, page, limit: PAGE_SIZE });
  const voidCodes = useVoidCodes();
  const pick = (b: string) => {
    setBatch(b);
    setPage(1);
  };

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
                value={batch}
                onChange={pick}
                style={{ width: 180 }}
                aria-label={t.batch}
                options={[
                  { value: '', label: t.allBatches },
                  ...(batches.data?.list ?? []).map((b) => ({ value: b.batch, label: b.batch })),
                ]}
              />
              <Select
                value={state}
                onChange={(v) => {
                  setState(v);
                  setPage(1);
                }}
                style={{ width: 120 }}
                aria-label={t.state}
                options={[
                  { value: '', label: t.allStates },
                  ...CODE_STATES.map((s) => ({ value: s, label: codeStateText[s] })),
                ]}
              />
              <Input.Search
                allowClear
                placeholder={t.searchCode}
                aria-label={t.searchCode}
                style={{ width: 200 }}
                onSearch={(v) => {
                  setKeyword(v);
                  setPage(1);
                }}
              />
            </Flex>
          }
        >
          <Table<CodeRow>
            rowKey="id"
            size="small"
            loading={codes.isFetching}
            dataSource={codes.data?.list}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: codes.data?.total,
              onChange: setPage,
              showSizeChanger: false,
            }}
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
