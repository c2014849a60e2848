import { Card, Col, Empty, Modal, Row, Space, Spin, Tag, Typography } from 'antd';
import type { VoiceChannel } from '@app/contract';
import { useVoiceChannels } from '../../../entities/voices';
import { cloneMessages } from '../messages';

/** Second step: one card per channel configured here that can clone, with its price, free clones and quality. */
export function ChannelDialog({
  open,
  onCancel,
  onPick,
}: {
  open: boolean;
  onCancel: () => void;
  onPick: (c: VoiceChannel) => void;
}) {
  const { data, isLoading } = useVoiceChannels();
  // Channels that only speak their own voices (clone 0) are for auditions and the studio, not for cloning.
  const channels = (data?.list ?? []).filter((c) => c.clone === 1);
  return (
    <Modal title={cloneMessages.channelTitle} open={open} onCancel={onCancel} footer={null} width={760} destroyOnHidden>
      <Typography.Paragraph type="secondary">{cloneMessages.qualityHint}</Typography.Paragraph>
      <Spin spinning={isLoading}>
        {channels.length === 0 && !isLoading ? (
          <Empty />
        ) : (
          <Row gutter={[12, 12]}>
            {channels.map((c) => (
              <Col xs={24} sm={12} key={c.api}>
                <Card hoverable size="small" onClick={() => onPick(c)} aria-label={c.name} style={{ height: '100%' }}>
                  <Space direction="vertical" size={4} style={{ width: '100%' }}>
                    <Space>
                      <Typography.Text strong>{c.name}</Typography.Text>
                      <Tag color="blue">{c.version_name}</Tag>
                    </Space>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.desc}
                    </Typography.Text>
                    <Space wrap size={4}>
                      <Tag color={c.credits > 0 ? 'gold' : 'green'}>
                        {c.credits > 0 ? cloneMessages.creditsEach(c.credits) : cloneMessages.free}
                      </Tag>
                      {c.free_times > 0 && <Tag color="green">{cloneMessages.freeTimes(c.free_times)}</Tag>}
                      <Tag>{cloneMessages.trainTimes(c.train_times)}</Tag>
                    </Space>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
    </Modal>
  );
}
