import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';

const BACK_LABEL = '返回创作合集';

/** Title of a page opened from the launcher (/store), with the way back to it. */
export function ToolHeader({ title, intro }: { title: string; intro: string }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={BACK_LABEL} onClick={() => void navigate('/store')} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      <Typography.Text type="secondary">{intro}</Typography.Text>
    </Flex>
  );
}
