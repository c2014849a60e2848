import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { toolsLabels } from '../messages';

/** Title of a tool page with the way back to the launcher. */
export function ToolHeader({ title, intro }: { title: string; intro: string }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={toolsLabels.storeTitle}
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
