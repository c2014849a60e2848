import { Button, Card, Flex, Input, Popconfirm, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { ConsoleApiKeyRow } from '@app/contract';
import { AdminLayout, ConsoleSearch, usePagedFilters } from '../../../components/admin-layout';
import { openApiText as m } from '../messages';
import { useConsoleApiAccess, useConsoleApiKeys, useRevokeKey, useSiteSwitch, useUserSwitch } from './api';

/** The API in the console: the site's switch, the accounts switched off, and every key (revoke). */
export default function OpenApiConsolePage() {
  const paged = usePagedFilters({ keyword: '' });
  const [username, setUsername] = useState('');
  const keys = useConsoleApiKeys(paged.params);
  const access = useConsoleApiAccess();
  const revoke = useRevokeKey();
  const site = useSiteSwitch();
  const user = useUserSwitch();

  return (
    <AdminLayout title={m.consoleMenu}>
      <Flex vertical gap={16}>
        <Card>
          <Flex align="center" gap={12} wrap>
            <Typography.Text strong>{m.consoleSiteSwitch}</Typography.Text>
            <Switch
              aria-label={m.consoleSiteSwitch}
              checked={access.data?.site === 1}
              loading={site.isPending || access.isFetching}
              onChange={(on) => site.mutate(on)}
            />
          </Flex>
        </Card>
        <Card title={m.consoleBlocked}>
          <Flex vertical gap={12}>
            <Flex gap={8} wrap>
              <Input
                placeholder={m.consoleUserPlaceholder}
                aria-label={m.consoleUserPlaceholder}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                style={{ width: 240 }}
              />
              <Button
                danger
                disabled={!username.trim()}
                loading={user.isPending}
                onClick={() =>
                  user.mutate({ username: username.trim(), enabled: '0' }, { onSuccess: () => setUsername('') })
                }
              >
                {m.consoleBlockUser}
              </Button>
            </Flex>
            <Table
              rowKey="user_id"
              size="small"
              pagination={false}
              dataSource={access.data?.blocked ?? []}
              columns={[
                { title: 'ID', dataIndex: 'user_id', width: 80 },
                { title: m.owner, dataIndex: 'username' },
                { title: m.createTime, dataIndex: 'create_time' },
                {
                  title: m.actions,
                  key: 'actions',
                  render: (_, row) => (
                    <Button type="link" onClick={() => user.mutate({ user_id: row.user_id, enabled: '1' })}>
                      {m.consoleUnblockUser}
                    </Button>
                  ),
                },
              ]}
            />
          </Flex>
        </Card>
        <Card
          title={m.consoleKeys}
          extra={<ConsoleSearch label={m.consoleSearch} width={260} onSearch={(v) => paged.setFilter('keyword', v)} />}
        >
          <Table<ConsoleApiKeyRow>
            rowKey="id"
            size="middle"
            {...paged.tableProps(keys)}
            columns={[
              { title: m.owner, dataIndex: 'username', render: (v: string, r) => `${v} (#${r.user_id})` },
              { title: m.keyName, dataIndex: 'name' },
              {
                title: m.keyPrefix,
                dataIndex: 'prefix',
                render: (p: string) => <Typography.Text code>{`${p}…`}</Typography.Text>,
              },
              { title: m.createTime, dataIndex: 'create_time' },
              { title: m.lastUsed, dataIndex: 'last_used_time', render: (v: string) => v || m.neverUsed },
              {
                title: m.status,
                key: 'status',
                render: (_, r) =>
                  r.revoked ? (
                    <Tag>{r.revoked_by === 'operator' ? m.revokedByOperator : m.statusRevoked}</Tag>
                  ) : (
                    <Tag color="green">{m.statusActive}</Tag>
                  ),
              },
              {
                title: m.actions,
                key: 'actions',
                render: (_, r) => (
                  <Flex gap={4} wrap>
                    {!r.revoked && (
                      <Popconfirm
                        title={m.revokeConfirm}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => revoke.mutate(r.id)}
                      >
                        <Button type="link" danger size="small">
                          {m.revoke}
                        </Button>
                      </Popconfirm>
                    )}
                    {!r.user_blocked && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => user.mutate({ user_id: r.user_id, enabled: '0' })}
                      >
                        {m.consoleBlockUser}
                      </Button>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
    </AdminLayout>
  );
}
