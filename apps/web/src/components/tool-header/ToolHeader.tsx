import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ToolUnavailableNotice } from '../tool-state/ToolUnavailable';

const BACK_LABEL = '返回创作合集';

/**
 * Title of a page opened from the launcher (/store), with the way back to it; given its `tool` key, the notice
 * that the tool is not open here comes under the title, before any click.
 */
export function ToolHeader({ title, intro, tool }: { title: string; intro: string; tool?: string }) {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={BACK_LABEL}
          onClick={() => void navigate('/store')}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      <Typography.Text type="secondary">{intro}</Typography.Text>
      {tool ? <ToolUnavailableNotice tool={tool} /> : null}
    </Flex>
  );
}
