import { Card, Select, Table, Typography } from 'antd';
import { auditActions, type AuditRow } from '@app/contract';
import { AdminLayout, usePagedFilters } from '../../../components/admin-layout';
import { useAudit } from '../api/audit';
import { adminText as t } from '../messages';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit log: every console action, newest first; read-only. */
export default function AuditPage() {
  const paged = usePagedFilters({ action: '' });
  const audit = useAudit(paged.params);
  return (
    <AdminLayout
      title={t.menuAudit}
      extra={
        <Select
          value={paged.filters.action}
          onChange={(v) => paged.setFilter('action', v)}
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
          {...paged.tableProps(audit)}
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
