import { Card, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { auditActions, type AuditRow } from '@app/contract';
import { AdminLayout } from '../../../components/admin-layout';
import { useAudit } from '../api/audit';
import { adminText as t } from '../messages';

const PAGE_SIZE = 20;
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit log: every console action, newest first; read-only. */
export default function AuditPage() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit({ action, page, limit: PAGE_SIZE });
  return (
    <AdminLayout
      title={t.menuAudit}
      extra={
        <Select
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
          style={{ width: 200 }}
          aria-label={t.action}
          options={[
            { value: '', label: t.allActions },
            ...Object.entries(auditActions).map(([value, label]) => ({ value, label })),
          ]}
        />
      }
    >
      <Card>
        <Table<AuditRow>
          rowKey="id"
          size="middle"
          loading={audit.isFetching}
          dataSource={audit.data?.list}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: audit.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: t.time, dataIndex: 'create_time', width: 170 },
            { title: t.actor, dataIndex: 'actor', width: 120 },
            {
              title: t.action,
              dataIndex: 'action',
              width: 120,
              render: (a: string) => auditActions[a as keyof typeof auditActions] ?? a,
            },
            { title: t.target, dataIndex: 'target', width: 160 },
            {
              title: t.before,
              dataIndex: 'before',
              render: (v: unknown) => <Typography.Text code>{json(v)}</Typography.Text>,
            },
            {
              title: t.after,
              dataIndex: 'after',
              render: (v: unknown) => <Typography.Text code>{json(v)}</Typography.Text>,
            },
          ]}
        />
      </Card>
    </AdminLayout>
  );
}
