import { PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { WEBHOOK_EVENTS, type ApiWebhookEndpointRow, type WebhookEvent } from '@app/contract';
import {
  useAddWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useWebhookEndpoints,
} from '../api/endpoints';
import { openApiText as m } from '../messages';

const eventLabel: Record<WebhookEvent, string> = {
  'avatar_video.success': m.eventSuccess,
  'avatar_video.fail': m.eventFail,
};

/** A secret as the table shows it until asked: its prefix only. */
const masked = (secret: string) => `${secret.slice(0, 6)}••••••••`;

/** The account's webhook endpoints: add one, see and copy its signing secret, rotate it, delete it. */
export function WebhookEndpoints() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const [rotated, setRotated] = useState<ApiWebhookEndpointRow | null>(null);
  const toggle = (id: number) =>
    setShown((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: TableColumnsType<ApiWebhookEndpointRow> = [
    {
      title: m.endpointUrl,
      dataIndex: 'url',
      render: (url: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{url}</Typography.Text>,
      onCell: () => ({ style: { minWidth: 200 } }),
    },
    {
      title: m.endpointEvents,
      dataIndex: 'events',
      render: (events: WebhookEvent[]) => (
        <Flex gap={4} wrap>
          {events.map((e) => (
            <Tag key={e} color={e === 'avatar_video.success' ? 'green' : 'red'} title={e} style={{ margin: 0 }}>
              {eventLabel[e]}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: m.createTime,
      dataIndex: 'create_time',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      title: m.endpointSecret,
      dataIndex: 'secret',
      render: (secret: string, row) => (
        <Flex align="center" gap={8} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text
            code
            aria-label={`${m.endpointSecret} ${row.url}`}
            copyable={{ text: secret, tooltips: [m.copySecret, m.copied] }}
          >
            {shown.has(row.id) ? secret : masked(secret)}
          </Typography.Text>
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => toggle(row.id)}>
            {shown.has(row.id) ? m.hideSecret : m.showSecret}
          </Button>
        </Flex>
      ),
    },
    {
      title: m.actions,
      key: 'actions',
      render: (_, row) => (
        <Flex gap={12} style={{ whiteSpace: 'nowrap' }}>
          <Popconfirm
            title={m.rotateConfirmTitle}
            description={m.rotateConfirm}
            okText={m.rotateSecret}
            okButtonProps={{ danger: true }}
            onConfirm={() => rotate.mutate(row.id, { onSuccess: setRotated })}
          >
            <Button type="link" aria-label={`${m.rotateSecret} ${row.url}`} style={{ paddingInline: 0 }}>
              {m.rotateSecret}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={m.deleteEndpointConfirm}
            okText={m.deleteEndpoint}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(row.id)}
          >
            <Button type="link" danger aria-label={`${m.deleteEndpoint} ${row.url}`} style={{ paddingInline: 0 }}>
              {m.deleteEndpoint}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={m.endpointsTitle}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {m.addEndpoint}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{m.endpointsIntro}</Typography.Text>
        <Table<ApiWebhookEndpointRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={endpoints.data?.list ?? []}
          loading={endpoints.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: m.noEndpoints }}
        />
      </Flex>
      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} />
      <Modal
        open={!!rotated}
        title={m.secretRotated}
        onCancel={() => setRotated(null)}
        footer={
          <Button type="primary" onClick={() => setRotated(null)}>
            {m.close}
          </Button>
        }
      >
        <Typography.Paragraph>{m.newSecretShown}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ wordBreak: 'break-all' }}>
          {rotated?.url}
        </Typography.Paragraph>
        <Typography.Paragraph
          code
          aria-label={m.newSecretLabel}
          copyable={{ text: rotated?.secret ?? '', tooltips: [m.copySecret, m.copied] }}
          style={{ wordBreak: 'break-all' }}
        >
          {rotated?.secret}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

/** The URL and the events it listens to (both unless unticked). */
function AddEndpointDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ url: string; events: WebhookEvent[] }>();
  const add = useAddWebhookEndpoint();
  const close = () => {
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={m.addEndpointTitle}
      okText={m.addEndpoint}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ events: [...WEBHOOK_EVENTS] }}
        onFinish={(v) => add.mutate({ url: v.url.trim(), events: v.events }, { onSuccess: close })}
      >
        <Form.Item
          name="url"
          label={m.endpointUrl}
          rules={[
            { required: true, whitespace: true, message: m.endpointUrlRequired },
            { max: 2048, message: m.endpointUrlRule },
          ]}
        >
          <Input placeholder={m.endpointUrlPlaceholder} maxLength={2048} autoFocus />
        </Form.Item>
        <Form.Item
          name="events"
          label={m.endpointEvents}
          rules={[{ required: true, type: 'array', min: 1, message: m.endpointEventsRequired }]}
        >
          <Checkbox.Group options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: `${eventLabel[e]}（${e}）` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
