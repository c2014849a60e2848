import { Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ApiWebhookDeliveryRow } from '@app/contract';
import { useWebhookDeliveries } from '../api/deliveries';
import { attemptOk, attemptText, deliveryStatus } from '../lib/delivery-text';
import { openApiText as m } from '../messages';

const PAGE_SIZE = 10;

/** The account's webhook deliveries: each event, where it went, where it stands, and every attempt. */
export function WebhookDeliveries() {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(page, PAGE_SIZE);

  const columns: TableColumnsType<ApiWebhookDeliveryRow> = [
    { title: m.deliveryTime, dataIndex: 'create_time', responsive: ['md'] },
    {
      title: m.deliveryEvent,
      dataIndex: 'event_type',
      render: (event: string, row) => (
        <Flex vertical>
          <Typography.Text code>{event}</Typography.Text>
          <Typography.Text type="secondary">{`${m.deliveryVideo} ${row.video_id}`}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: m.deliveryUrl,
      dataIndex: 'url',
      responsive: ['lg'],
      render: (url: string) => (
        <Typography.Text ellipsis={{ tooltip: url }} style={{ maxWidth: 260 }}>
          {url}
        </Typography.Text>
      ),
    },
    {
      title: m.deliveryStatus,
      dataIndex: 'status',
      render: (status: ApiWebhookDeliveryRow['status'], row) => (
        <Flex vertical gap={4} align="start">
          <Tag color={deliveryStatus[status].color}>{deliveryStatus[status].text}</Tag>
          {row.next_attempt_time && (
            <Typography.Text type="secondary">{m.deliveryNextAttempt(row.next_attempt_time)}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: m.deliveryAttempts,
      dataIndex: 'attempts',
      render: (attempts: ApiWebhookDeliveryRow['attempts']) =>
        attempts.length ? (
          <Flex vertical>
            {attempts.map((a, i) => (
              <Typography.Text key={i} type={attemptOk(a) ? 'success' : 'danger'} style={{ whiteSpace: 'pre-wrap' }}>
                {attemptText(a)}
              </Typography.Text>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{m.attemptNone}</Typography.Text>
        ),
    },
  ];

  return (
    <Card title={m.deliveriesTitle}>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {m.deliveriesIntro}
        </Typography.Paragraph>
        <Table<ApiWebhookDeliveryRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={deliveries.data?.list ?? []}
          loading={deliveries.isFetching}
          locale={{ emptyText: m.noDeliveries }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: deliveries.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      </Flex>
    </Card>
  );
}
