import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { aiMediaLabels } from '../messages';

/** Title of an AI page with the way back to the launcher (/store). */
export function AiMediaHeader({ title, intro }: { title: string; intro: string }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={aiMediaLabels.back}
          onClick={() => void navigate('/store')}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      <Typography.Text type="secondary">{intro}</Typography.Text>
    </Flex>
  );
}
