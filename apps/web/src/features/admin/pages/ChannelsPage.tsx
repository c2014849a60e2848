import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { listConsoleChannels, saveConsoleChannel, type ConsoleChannel, type ConsoleChannelKind } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { AdminLayout, rangeRules } from '../../../components/admin-layout';
import { adminText as t } from '../messages';

const key = [ACCOUNT_SCOPE, 'console', 'channels'] as const;
type ChannelForm = Omit<ConsoleChannel, 'enabled' | 'kind' | 'api'> & { enabled: boolean };

/**
 * Channels and prices: every kind the server's modules declare (voice, video and photo channels with
 * name, description, version, price, free count, sort and switch; the prices of AI pictures, AI videos,
 * chat, translation, viral analysis…). Labels, units and editable fields come with the list.
 */
export default function ChannelsPage() {
  const qc = useQueryClient();
  const channels = useQuery({ queryKey: key, queryFn: () => call(listConsoleChannels, {}) });
  const save = useMutation({
    mutationFn: (p: ConsoleChannel) => call(saveConsoleChannel, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const kinds = new Map((channels.data?.kinds ?? []).map((k) => [k.kind, k]));
  const kindOf = (c: ConsoleChannel): ConsoleChannelKind | undefined => kinds.get(c.kind);
  const [editing, setEditing] = useState<ConsoleChannel | null>(null);
  const editingKind = editing ? kindOf(editing) : undefined;
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
            { title: t.channelKind, dataIndex: 'kind', render: (_, c) => kindOf(c)?.label ?? c.kind },
            { title: t.channelApi, dataIndex: 'api' },
            { title: t.channelName, dataIndex: 'name' },
            { title: t.channelVersion, dataIndex: 'version_name' },
            {
              title: t.channelPrice,
              dataIndex: 'credits',
              render: (n: number, c) => `${n} ${kindOf(c)?.unit ?? ''}`.trim(),
            },
            { title: t.channelFree, dataIndex: 'free_times', render: (n: number, c) => (kindOf(c)?.free ? n : '—') },
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
        title={editing ? `${t.editChannel} · ${editingKind?.label ?? editing.kind} ${editing.api}` : t.editChannel}
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
          {editingKind?.described === 1 && (
            <>
              <Form.Item name="desc" label={t.channelDesc}>
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
              <Form.Item name="version_name" label={t.channelVersion}>
                <Input maxLength={16} />
              </Form.Item>
            </>
          )}
          <Form.Item name="credits" label={t.channelPrice} rules={rangeRules(t.channelPrice, 0, 1_000_000, t.required)}>
            <InputNumber precision={0} style={{ width: 200 }} suffix={editingKind?.unit} />
          </Form.Item>
          {editingKind?.free === 1 && (
            <Form.Item name="free_times" label={t.channelFree} rules={rangeRules(t.channelFree, 0, 1_000_000)}>
              <InputNumber precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item name="sort" label={t.channelSort} rules={rangeRules(t.channelSort, -100_000, 100_000)}>
            <InputNumber precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t.channelEnabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </AdminLayout>
  );
}
