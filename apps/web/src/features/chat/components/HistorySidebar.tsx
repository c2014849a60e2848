import { DeleteOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Popconfirm, Typography, theme } from 'antd';
import { useChatRecords, useDeleteRecord } from '../api/chat';
import { chatLabels as t } from '../messages';

/** The conversations, latest first: open one, delete one (删除成功), or start a new conversation. */
export function HistorySidebar({
  current,
  onOpen,
  onNew,
  onDeleted,
}: {
  current: number | null;
  onOpen: (cid: number) => void;
  onNew: () => void;
  onDeleted: (cid: number) => void;
}) {
  const { token } = theme.useToken();
  const records = useChatRecords();
  const remove = useDeleteRecord();
  const list = records.data?.list ?? [];
  return (
    <Flex vertical gap={12} style={{ height: '100%', minHeight: 0 }} aria-label={t.history} role="navigation">
      <Button type="primary" icon={<PlusOutlined />} onClick={onNew} block>
        {t.newChat}
      </Button>
      <Typography.Text type="secondary">{t.history}</Typography.Text>
      <Flex vertical gap={4} style={{ overflowY: 'auto', flex: 1, minHeight: 0 }} role="list">
        {!list.length && !records.isLoading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noHistory} />
        ) : null}
        {list.map((r) => (
          <Flex
            key={r.id}
            role="listitem"
            aria-label={r.title}
            aria-current={r.id === current ? 'true' : undefined}
            align="center"
            gap={8}
            style={{
              padding: '8px 10px',
              borderRadius: token.borderRadius,
              cursor: 'pointer',
              background: r.id === current ? token.controlItemBgActive : undefined,
            }}
            onClick={() => onOpen(r.id)}
          >
            <MessageOutlined style={{ color: token.colorTextSecondary }} />
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text ellipsis={{ tooltip: r.title }}>{r.title}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.create_time}
              </Typography.Text>
            </Flex>
            <Popconfirm
              title={t.deleteConfirm}
              onConfirm={(e) => {
                e?.stopPropagation();
                void remove.mutateAsync(r.id).then(
                  () => onDeleted(r.id),
                  () => undefined,
                );
              }}
              onPopupClick={(e) => e.stopPropagation()}
            >
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`删除 ${r.title}`}
                onClick={(e) => e.stopPropagation()}
              />
            </Popconfirm>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
