import { Card, Flex, Select, Table, Typography } from 'antd';
import { auditActions, type AuditRow } from '@app/contract';
import { AdminLayout, usePagedFilters } from '../../../components/admin-layout';
import { useAudit } from '../api/audit';
import { auditSentence } from '../audit-sentence';
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
            { title: t.action, key: 'sentence', render: (_, row) => auditSentence(row) },
          ]}
          expandable={{
            expandedRowRender: (row) => (
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">
                  {t.before}：<Typography.Text code>{json(row.before)}</Typography.Text>
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t.after}：<Typography.Text code>{json(row.after)}</Typography.Text>
                </Typography.Text>
              </Flex>
            ),
            rowExpandable: (row) => row.before != null || row.after != null,
          }}
        />
      </Card>
    </AdminLayout>
  );
}
