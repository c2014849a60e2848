import { DeleteOutlined, FileImageOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Tag, Typography, theme } from 'antd';
import { GENERATION_STATUS } from '@app/contract';
import { aiMediaLabels } from '../messages';

export interface HistoryItem {
  id: number;
  status: number;
  thumb: string;
  title: string;
  detail: string;
  queuePosition: number;
  failReason: string;
}

interface HistoryListProps {
  kind: 'image' | 'video';
  items: HistoryItem[];
  selected: number | null;
  onOpen: (id: number) => void;
  onDelete: (id: number) => void;
}

function StatusTag({ item }: { item: HistoryItem }) {
  if (item.status === GENERATION_STATUS.success) return <Tag color="success">{aiMediaLabels.statusDone}</Tag>;
  if (item.status === GENERATION_STATUS.failed) return <Tag color="error">{aiMediaLabels.statusFailed}</Tag>;
  return (
    <Tag color="processing">
      {item.queuePosition > 0 ? aiMediaLabels.queued(item.queuePosition) : aiMediaLabels.statusRunning}
    </Tag>
  );
}

/** The history: 3 done, 4 failed, anything else in progress (cannot be opened); done or failed ones can be deleted. */
export function HistoryList({ kind, items, selected, onOpen, onDelete }: HistoryListProps) {
  const { token } = theme.useToken();
  if (!items.length) return <Empty description={aiMediaLabels.historyEmpty} />;
  return (
    <Flex vertical gap={8} role="list" aria-label={aiMediaLabels.history}>
      {items.map((item) => {
        const ended = item.status === GENERATION_STATUS.success || item.status === GENERATION_STATUS.failed;
        return (
          <Card
            key={item.id}
            size="small"
            role="listitem"
            aria-label={item.title}
            hoverable={ended}
            onClick={() => ended && onOpen(item.id)}
            style={{
              borderColor: selected === item.id ? token.colorPrimary : undefined,
              cursor: ended ? 'pointer' : 'default',
            }}
            styles={{ body: { padding: 8 } }}
          >
            <Flex gap={10} align="center">
              <Flex
                align="center"
                justify="center"
                style={{
                  width: 64,
                  height: 64,
                  flex: '0 0 auto',
                  borderRadius: token.borderRadius,
                  overflow: 'hidden',
                  background: token.colorFillSecondary,
                }}
              >
                {item.thumb ? (
                  <img src={item.thumb} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                ) : kind === 'image' ? (
                  <FileImageOutlined style={{ fontSize: 24, color: token.colorTextTertiary }} />
                ) : (
                  <VideoCameraOutlined style={{ fontSize: 24, color: token.colorTextTertiary }} />
                )}
              </Flex>
              <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text ellipsis>{item.title}</Typography.Text>
                <Flex gap={4} wrap align="center">
                  <StatusTag item={item} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.detail}
                  </Typography.Text>
                </Flex>
                {item.status === GENERATION_STATUS.failed && item.failReason ? (
                  <Typography.Text type="danger" style={{ fontSize: 12 }} ellipsis>
                    {item.failReason}
                  </Typography.Text>
                ) : null}
              </Flex>
              {ended ? (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${aiMediaLabels.delete} ${item.title}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    onDelete(item.id);
                  }}
                />
              ) : null}
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}
