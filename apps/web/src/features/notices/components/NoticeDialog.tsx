import { Col, Empty, List, Modal, Row, Spin, Typography, theme } from 'antd';
import { accountMessages } from '@app/contract';
import { useState } from 'react';
import { HtmlContent } from '../../../components/HtmlContent';
import { useNotice } from '../api/get-notice';
import { useNotices } from '../api/get-notices';
import { noticeMessages } from '../messages';

/** The message centre: notice list on the left, the chosen one on the right (stacked on a phone). */
export default function NoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const notices = useNotices(open);
  const detail = useNotice(chosen);
  const { token } = theme.useToken();
  const list = notices.data ?? [];

  return (
    <Modal title={noticeMessages.centre} open={open} onCancel={onClose} footer={null} width={880}>
        {!notices.isLoading && list.length === 0 ? (
          <Empty description={accountMessages.noNotice} />
        ) : (
          <Row gutter={16} style={{ minHeight: 360 }}>
            <Col
              xs={24}
              md={9}
              style={{
                borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
                maxHeight: 480,
                overflow: 'auto',
              }}
            >
              <List<(typeof list)[number]>
                loading={notices.isLoading}
                dataSource={list}
                renderItem={(n) => (
                  <List.Item
                    onClick={() => setChosen(n.id)}
                    style={{
                      cursor: 'pointer',
                      background: n.id === chosen ? token.controlItemBgActive : undefined,
                      paddingInline: 8,
                    }}
                  >
                    <List.Item.Meta
                      title={<a onClick={() => setChosen(n.id)}>{n.title}</a>}
                      description={
                        <>
                          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>
                            {n.desc}
                          </Typography.Paragraph>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {n.create_time}
                          </Typography.Text>
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            </Col>
            <Col xs={24} md={15} style={{ maxHeight: 480, overflow: 'auto' }}>
              {chosen === null ? (
                <Empty description={noticeMessages.pickOne} />
              ) : detail.isLoading ? (
                <Spin />
              ) : detail.data ? (
                <article>
                  <Typography.Title level={5}>{detail.data.title}</Typography.Title>
                  <Typography.Text type="secondary">{detail.data.create_time}</Typography.Text>
                  <HtmlContent className="rich-text" html={detail.data.content} />
                </article>
              ) : null}
            </Col>
          </Row>
        )}
    </Modal>
  );
}
