import { Button, Card, Input, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { roleLabels, type AdminUserRow, type Role } from '@app/contract';
import { AdminLayout } from '../../../components/admin-layout';
import { UserDrawer } from './UserDrawer';
import { useConsoleUsers } from './api';
import { usersConsoleText as t } from './messages';

const PAGE_SIZE = 20;

/** Users screen: search by name, registered users and guests on separate tabs, a drawer per account. */
export default function UsersPage() {
  const [type, setType] = useState<'user' | 'guest'>('user');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const users = useConsoleUsers({ type, keyword, page, limit: PAGE_SIZE });

  return (
    <AdminLayout title={t.menuUsers}>
      <Card>
        <Tabs
          activeKey={type}
          onChange={(k) => {
            setType(k as 'user' | 'guest');
            setPage(1);
          }}
          items={[
            { key: 'user', label: t.users },
            { key: 'guest', label: t.guests },
          ]}
          tabBarExtraContent={
            <Input.Search
              allowClear
              placeholder={t.searchUser}
              aria-label={t.searchUser}
              onSearch={(v) => {
                setKeyword(v);
                setPage(1);
              }}
              style={{ width: 240 }}
            />
          }
        />
        <Table<AdminUserRow>
          rowKey="id"
          size="middle"
          loading={users.isFetching}
          dataSource={users.data?.list}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: users.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
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
