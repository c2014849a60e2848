import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { CreditExpiryRecord } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { useCreditExpiry } from '../api/get-credit-log';
import { creditsMessages } from '../messages';

const columns: TableColumnsType<CreditExpiryRecord> = [
  { title: creditsMessages.expireAt, dataIndex: 'expire_time' },
  { title: creditsMessages.usable, dataIndex: 'credits' },
];

/** Live credit batches with their expiry (spec 000 §2, /moreCredits). */
export default function MoreCreditsPage() {
  const { data, isFetching } = useCreditExpiry();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={creditsMessages.back}
          onClick={() => void navigate(-1)}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {creditsMessages.expiryTitle}
        </Typography.Title>
      </Flex>
      <Card>
        <Table<CreditExpiryRecord>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          pagination={false}
        />
      </Card>
    </Flex>
  );
}
