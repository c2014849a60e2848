import { Button, Card, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { roleLabels, type AdminUserRow, type Role } from '@app/contract';
import { AdminLayout, ConsoleSearch, usePagedFilters } from '../../../components/admin-layout';
import { UserDrawer } from './UserDrawer';
import { useConsoleUsers } from './api';
import { usersConsoleText as t } from './messages';

/** Users screen: search by name, registered users and guests on separate tabs, a drawer per account. */
export default function UsersPage() {
  const paged = usePagedFilters({ type: 'user' as 'user' | 'guest', keyword: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const users = useConsoleUsers(paged.params);

  return (
    <AdminLayout title={t.menuUsers}>
      <Card>
        <Tabs
          activeKey={paged.filters.type}
          onChange={(k) => paged.setFilter('type', k as 'user' | 'guest')}
          items={[
            { key: 'user', label: t.users },
            { key: 'guest', label: t.guests },
          ]}
          tabBarExtraContent={
            <ConsoleSearch label={t.searchUser} width={240} onSearch={(v) => paged.setFilter('keyword', v)} />
          }
        />
        <Table<AdminUserRow>
          rowKey="id"
          size="middle"
          {...paged.tableProps(users)}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            { title: t.username, dataIndex: 'username' },
            {
              title: t.role,
              dataIndex: 'role',
              render: (r: string) => <Tag color={r === 'user' ? 'default' : 'blue'}>{roleLabels[r as Role] ?? r}</Tag>,
            },
            { title: t.credits, dataIndex: 'credits', align: 'right' },
            { title: t.vip, dataIndex: 'vip_expire_time', render: (v: string) => v || t.never },
            {
              title: t.status,
              dataIndex: 'disabled',
              render: (d: number) => (d ? <Tag color="red">{t.statusOff}</Tag> : <Tag color="green">{t.statusOn}</Tag>),
            },
            { title: t.createTime, dataIndex: 'create_time' },
            { title: t.lastLogin, dataIndex: 'last_login_time', render: (v: string) => v || t.never },
            {
              title: t.actions,
              key: 'actions',
              render: (_, row) => (
                <Button type="link" onClick={() => setOpenId(row.id)} aria-label={`${t.detail} ${row.username}`}>
                  {t.detail}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <UserDrawer id={openId} onClose={() => setOpenId(null)} />
    </AdminLayout>
  );
}
