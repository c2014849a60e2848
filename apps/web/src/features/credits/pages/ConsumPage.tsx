import { Button, Card, Flex, Space, Statistic, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAccountInfo, useOpenRedeem } from '../../../entities/account';
import { CreditUsageTable } from '../components/CreditUsageTable';
import { creditsMessages } from '../messages';

export default function ConsumPage() {
  const { data } = useAccountInfo();
  const openRedeem = useOpenRedeem();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {creditsMessages.consumTitle}
      </Typography.Title>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={16}>
          <Statistic title={creditsMessages.balance} value={data?.credits ?? 0} />
          <Space>
            <Button onClick={() => void navigate('/moreCredits')}>{creditsMessages.creditDetails}</Button>
            <Button type="primary" onClick={openRedeem}>
              {creditsMessages.redeem}
            </Button>
          </Space>
        </Flex>
      </Card>
      <Card>
        <CreditUsageTable />
      </Card>
    </Flex>
  );
}
