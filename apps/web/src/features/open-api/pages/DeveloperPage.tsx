import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ApiKeyRow } from '@app/contract';
import { isGuest, useAccountInfo } from '../../../entities/account';
import { useApiKeys, useRevokeApiKey } from '../api/keys';
import { CreateKeyDialog } from '../components/CreateKeyDialog';
import { WebhookDeliveries } from '../components/WebhookDeliveries';
import { WebhookEndpoints } from '../components/WebhookEndpoints';
import { openApiText as m } from '../messages';

/**
 * The account's API keys (make one, shown once; see when each was last used; revoke), its webhook
 * endpoints and their deliveries.
 */
export default function DeveloperPage() {
  const { data: account } = useAccountInfo();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const guest = isGuest(account);
  const access = keys.data?.access;
  const off = access && (!access.site ? m.siteOff : !access.user ? m.userOff : null);

  const columns: TableColumnsType<ApiKeyRow> = [
    { title: m.keyName, dataIndex: 'name' },
    {
      title: m.keyPrefix,
      dataIndex: 'prefix',
      render: (p: string) => <Typography.Text code>{`${p}…`}</Typography.Text>,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    { title: m.createTime, dataIndex: 'create_time', responsive: ['md'] },
    { title: m.lastUsed, dataIndex: 'last_used_time', render: (v: string) => v || m.neverUsed },
    {
      title: m.actions,
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={m.revokeConfirm}
          okText={m.revoke}
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutate(row.id)}
        >
          <Button type="link" danger aria-label={`${m.revoke} ${row.name}`} style={{ paddingInline: 0 }}>
            {m.revoke}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {m.pageTitle}
      </Typography.Title>
      <Card>
        <Typography.Paragraph style={{ margin: 0 }}>
          {m.pageIntro}{' '}
          <Typography.Link href="/v1/docs" target="_blank" rel="noopener">
            {m.docsLink}
          </Typography.Link>
        </Typography.Paragraph>
      </Card>
      <Card
        title={m.keysTitle}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={guest} onClick={() => setCreating(true)}>
            {m.createKey}
          </Button>
        }
      >
        <Flex vertical gap={16}>
          {guest && <Alert type="info" showIcon title={m.guestRefused} />}
          {off && <Alert type="warning" showIcon title={off} />}
          <Table<ApiKeyRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={keys.data?.list ?? []}
            loading={keys.isFetching}
            pagination={false}
            locale={{ emptyText: m.noKeys }}
          />
        </Flex>
      </Card>
      <WebhookEndpoints />
      <WebhookDeliveries />
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
