import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ViralTopic } from '@app/contract';
import { viralText as t } from '../messages';

/** Proposed topics; each opens the copywriting page with its title. */
export function TopicList({ topics }: { topics: ViralTopic[] }) {
  const navigate = useNavigate();
  return (
    <Card title={t.topics} size="small" data-testid="topic-list">
      <Flex vertical gap={8}>
        {topics.map((x, i) => (
          <Flex key={i} justify="space-between" align="center" gap={8}>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text strong>
                {i + 1}. {x.title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {x.angle}
              </Typography.Text>
            </Flex>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => void navigate(`/copywrite/index?topic=${encodeURIComponent(x.title)}`)}
            >
              {t.writeCopy}
            </Button>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
