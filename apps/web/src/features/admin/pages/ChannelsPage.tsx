import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  CHANNEL_TABLE_KINDS,
  channelKindLabels,
  channelPriceUnits,
  listConsoleChannels,
  saveConsoleChannel,
  type ConsoleChannel,
} from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { AdminLayout } from '../components/AdminLayout';
import { adminText as t } from '../messages';

const key = [ACCOUNT_SCOPE, 'console', 'channels'] as const;
type ChannelForm = Omit<ConsoleChannel, 'enabled' | 'kind' | 'api'> & { enabled: boolean };

/**
 * Channels and prices: every voice, video and photo channel (name, description, version, price, free
 * count, sort, switch) and the prices of AI pictures, AI videos, chat, translation and viral analysis.
 */
export default function ChannelsPage() {
  const qc = useQueryClient();
  const channels = useQuery({ queryKey: key, queryFn: () => call(listConsoleChannels, {}) });
  const save = useMutation({
    mutationFn: (p: ConsoleChannel) => call(saveConsoleChannel, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const [editing, setEditing] = useState<ConsoleChannel | null>(null);
  const [form] = Form.useForm<ChannelForm>();
  const open = (c: ConsoleChannel) => {
    setEditing(c);
    form.setFieldsValue({ ...c, enabled: c.enabled === 1 });
  };
  const submit = (v: ChannelForm) =>
    editing && save.mutate({ ...editing, ...v, enabled: v.enabled ? 1 : 0 }, { onSuccess: () => setEditing(null) });

  return (
    <AdminLayout title={t.menuChannels}>
      <Card>
        <Table<ConsoleChannel>
          rowKey={(c) => `${c.kind}/${c.api}`}
          size="middle"
          loading={channels.isFetching}
          dataSource={channels.data?.list}
          pagination={false}
          columns={[
            { title: t.channelKind, dataIndex: 'kind', render: (k: ConsoleChannel['kind']) => channelKindLabels[k] },
            { title: t.channelApi, dataIndex: 'api' },
            { title: t.channelName, dataIndex: 'name' },
            { title: t.channelVersion, dataIndex: 'version_name' },
            {
              title: t.channelPrice,
              dataIndex: 'credits',
              render: (n: number, c) => `${n} ${channelPriceUnits[c.kind]}`,
            },
            { title: t.channelFree, dataIndex: 'free_times', render: (n: number, c) => (c.kind === 'voice' ? n : '—') },
            { title: t.channelSort, dataIndex: 'sort' },
            {
              title: t.channelEnabled,
              dataIndex: 'enabled',
              render: (e: number) => (e ? <Tag color="green">{t.statusOn}</Tag> : <Tag>{t.statusOff}</Tag>),
            },
            {
              title: t.actions,
              key: 'actions',
              render: (_, c) => (
                <Button size="small" onClick={() => open(c)} aria-label={`${t.edit} ${c.kind} ${c.api}`}>
                  {t.edit}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing ? `${t.editChannel} · ${channelKindLabels[editing.kind]} ${editing.api}` : t.editChannel}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form<ChannelForm> form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label={t.channelName}
            rules={[{ required: true, whitespace: true, message: t.required }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          {editing && CHANNEL_TABLE_KINDS.includes(editing.kind) && (
            <>
              <Form.Item name="desc" label={t.channelDesc}>
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
              <Form.Item name="version_name" label={t.channelVersion}>
                <Input maxLength={16} />
              </Form.Item>
            </>
          )}
          <Form.Item name="credits" label={t.channelPrice} rules={[{ required: true, message: t.required }]}>
            <InputNumber
              min={0}
              max={1_000_000}
              precision={0}
              style={{ width: 200 }}
              suffix={editing ? channelPriceUnits[editing.kind] : undefined}
            />
          </Form.Item>
          {editing?.kind === 'voice' && (
            <Form.Item name="free_times" label={t.channelFree}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="sort" label={t.channelSort}>
            <InputNumber min={-100_000} max={100_000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t.channelEnabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </AdminLayout>
  );
}
