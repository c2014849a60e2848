import {
  Button,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Statistic,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { ROLES, roleLabels, type ConsoleUserDetail, type Role } from '@app/contract';
import dayjs, { type Dayjs } from '../../../lib/dayjs';
import { useAdjustCredits, useResetPassword, useSetDisabled, useSetRole, useSetVip, useUserDetail } from './api';
import { usersConsoleText as t } from './messages';
import { useConsoleRole, rangeRules } from '../../../components/admin-layout';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/** One account: facts, credits with batches and log, and every change the console can make to it. */
export function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useUserDetail(id);
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={d ? `${t.userDetail} · ${d.user.username}` : t.userDetail}
    >
      {d && id !== null && <UserDetailBody key={id} id={id} d={d} />}
    </Drawer>
  );
}

function UserDetailBody({ id, d }: { id: number; d: ConsoleUserDetail }) {
  const myRole = useConsoleRole();
  const adjust = useAdjustCredits();
  const setVip = useSetVip();
  const reset = useResetPassword();
  const disable = useSetDisabled();
  const setRole = useSetRole();
  const [vip, setVipValue] = useState<Dayjs | null>(d.user.vip_expire_time ? dayjs(d.user.vip_expire_time) : null);
  const [role, setRoleValue] = useState<Role>(d.user.role as Role);
  const [adjustForm] = Form.useForm<{ credits: number; days: number; reason: string }>();
  const [password, setPassword] = useState('');
  const guest = d.user.is_tourist === 1;

  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="ID">{d.user.id}</Descriptions.Item>
        <Descriptions.Item label={t.username}>{d.user.username}</Descriptions.Item>
        <Descriptions.Item label={t.role}>{roleLabels[d.user.role as Role] ?? d.user.role}</Descriptions.Item>
        <Descriptions.Item label={t.status}>
          {d.user.disabled ? <Tag color="red">{t.statusOff}</Tag> : <Tag color="green">{t.statusOn}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t.vip}>{d.user.vip_expire_time || t.never}</Descriptions.Item>
        <Descriptions.Item label={t.createTime}>{d.user.create_time}</Descriptions.Item>
      </Descriptions>
      <Flex gap={32} wrap>
        <Statistic title={t.credits} value={d.user.credits} />
        <Statistic title={t.storage} value={`${d.storage.used_mb} MB / ${d.storage.total_gb} GB`} />
        <Statistic title={t.works} value={d.counts.works} />
        <Statistic title={t.voices} value={d.counts.voices} />
        <Statistic title={t.avatars} value={d.counts.avatars} />
      </Flex>

      <Divider titlePlacement="start">{t.adjustCredits}</Divider>
      <Form
        form={adjustForm}
        layout="inline"
        initialValues={{ days: 365 }}
        onFinish={(v) =>
          adjust.mutate(
            { id, credits: v.credits, days: v.days, reason: v.reason },
            { onSuccess: () => adjustForm.resetFields() },
          )
        }
      >
        <Form.Item name="credits" label={t.adjustAmount} rules={[{ required: true, message: t.required }]}>
          <InputNumber precision={0} style={{ width: 120 }} aria-label={t.adjustAmount} />
        </Form.Item>
        <Form.Item name="days" label={t.adjustDays} rules={rangeRules(t.adjustDays, 1, 3650)}>
          <InputNumber precision={0} style={{ width: 90 }} aria-label={t.adjustDays} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t.adjustReason}
          rules={[{ required: true, whitespace: true, message: t.required }]}
        >
          <Input maxLength={40} style={{ width: 160 }} aria-label={t.adjustReason} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adjust.isPending}>
          {t.adjustCredits}
        </Button>
      </Form>

      <Divider titlePlacement="start">{t.setVip}</Divider>
      <Flex gap={8} wrap>
        <DatePicker showTime value={vip} onChange={setVipValue} format={DATE_TIME} aria-label={t.vip} />
        <Button
          type="primary"
          loading={setVip.isPending}
          onClick={() => setVip.mutate({ id, expire_time: vip ? vip.format(DATE_TIME) : '' })}
        >
          {t.save}
        </Button>
        <Button onClick={() => setVip.mutate({ id, expire_time: '' }, { onSuccess: () => setVipValue(null) })}>
          {t.clearVip}
        </Button>
      </Flex>

      {!guest && (
        <>
          <Divider titlePlacement="start">{t.resetPassword}</Divider>
          <Flex gap={8}>
            <Input.Password
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              placeholder={t.newPassword}
              aria-label={t.newPassword}
              style={{ width: 240 }}
            />
            <Button
              loading={reset.isPending}
              onClick={() => reset.mutate({ id, password }, { onSuccess: () => setPassword('') })}
            >
              {t.resetPassword}
            </Button>
          </Flex>
        </>
      )}

      <Divider titlePlacement="start">{t.status}</Divider>
      <Flex gap={8} wrap>
        {d.user.disabled ? (
          <Button onClick={() => disable.mutate({ id, disabled: 0 })} loading={disable.isPending}>
            {t.enable}
          </Button>
        ) : (
          <Popconfirm title={t.disableConfirm} onConfirm={() => disable.mutate({ id, disabled: 1 })}>
            <Button danger loading={disable.isPending}>
              {t.disable}
            </Button>
          </Popconfirm>
        )}
        {myRole === 'admin' && !guest && (
          <>
            <Select<Role>
              value={role}
              onChange={setRoleValue}
              options={ROLES.map((r) => ({ value: r, label: roleLabels[r] }))}
              style={{ width: 120 }}
              aria-label={t.role}
            />
            <Button onClick={() => setRole.mutate({ id, role })} loading={setRole.isPending}>
              {t.changeRole}
            </Button>
          </>
        )}
      </Flex>

      <Divider titlePlacement="start">{t.batchesTitle}</Divider>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={d.batches}
        columns={[
          { title: t.credits, dataIndex: 'credits' },
          { title: t.expireTime, dataIndex: 'expire_time' },
        ]}
      />
      <Divider titlePlacement="start">{t.logTitle}</Divider>
      <Table
        size="small"
        rowKey={(r) => `${r.create_time}-${r.action_name}-${r.credits}`}
        pagination={{ pageSize: 10 }}
        dataSource={d.log}
        columns={[
          { title: t.actionName, dataIndex: 'action_name' },
          {
            title: t.credits,
            dataIndex: 'credits',
            render: (c: number) => <span style={{ color: c < 0 ? '#cf1322' : '#389e0d' }}>{c > 0 ? `+${c}` : c}</span>,
          },
          { title: t.time, dataIndex: 'create_time' },
        ]}
      />
    </Flex>
  );
}
