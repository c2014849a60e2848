import { Card, Empty, Flex, Modal, Spin, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import type { PhotoChannel, VideoChannel } from '@app/contract';
import { usableFirst, useVideoChannels } from '../../../entities/avatars';
import { usePhotoChannels } from '../api/list-photo-channels';
import { useDebounced } from '../../../lib/rate-limit';
import { estimateCost } from '../../../components/script-box';
import { studioText as t } from '../messages';

/**
 * A channel as the dialog lists it: a video channel (with its avatar rule and, for the chosen avatar,
 * why it cannot be used) or a photo channel (with its tips).
 */
export type ChannelChoice = Omit<VideoChannel, 'avatar_seconds' | 'unusable'> &
  Partial<Pick<VideoChannel, 'avatar_seconds' | 'unusable'>> &
  Partial<Pick<PhotoChannel, 'tips'>>;

/** A channel choice settles for 500 ms before it submits (spec 001 §9). */
export const CHANNEL_DEBOUNCE_MS = 500;

interface ChannelDialogProps {
  open: boolean;
  /** Estimated seconds of the video: the script's estimate or the audio's real length. */
  seconds: number;
  submitting: boolean;
  onChoose: (channel: ChannelChoice) => void;
  onClose: () => void;
  /** Video channels of the studio (default), or the channels that make videos from one picture. */
  kind?: 'video' | 'photo';
  /** The chosen avatar (video channels): channels it cannot use are shown greyed with the reason, and cannot be picked. */
  videoId?: number | null;
}

/** Training channels with description, version, price per second and the cost of this video. */
export function ChannelDialog({ open, seconds, submitting, onChoose, onClose, kind = 'video', videoId = null }: ChannelDialogProps) {
  const videoChannels = useVideoChannels(videoId, open && kind === 'video');
  const photoChannels = usePhotoChannels(open && kind === 'photo');
  const channels: { data?: { list: ChannelChoice[] }; isPending: boolean } =
    kind === 'photo' ? photoChannels : videoChannels;
  const { token } = theme.useToken();
  const [picked, setPicked] = useState<string | null>(null);
  const submit = useDebounced(onChoose, CHANNEL_DEBOUNCE_MS);
  const choose = (channel: ChannelChoice) => {
    if (channel.unusable) return;
    setPicked(channel.api);
    submit(channel);
  };
  const list = usableFirst<ChannelChoice>(channels.data?.list ?? []);
  return (
    <Modal title={t.channelTitle} open={open} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <Spin spinning={channels.isPending || submitting}>
        {list.length === 0 && !channels.isPending ? (
          <Empty description={t.channelEmpty} />
        ) : (
          <Flex vertical gap={12} role="radiogroup" aria-label={t.channelTitle}>
            {list.map((channel) => (
              <Card
                key={channel.api}
                size="small"
                hoverable={!channel.unusable}
                role="radio"
                aria-checked={picked === channel.api}
                aria-disabled={channel.unusable ? true : undefined}
                aria-label={channel.name}
                onClick={() => choose(channel)}
                style={{
                  borderColor: picked === channel.api ? token.colorPrimary : undefined,
                  ...(channel.unusable ? { background: token.colorFillTertiary, cursor: 'not-allowed' } : {}),
                }}
              >
                <Flex justify="space-between" align="start" gap={12}>
                  <Flex vertical gap={4} style={{ minWidth: 0 }}>
                    <Flex gap={8} align="center" wrap>
                      <Typography.Text strong type={channel.unusable ? 'secondary' : undefined}>
                        {channel.name}
                      </Typography.Text>
                      {channel.unusable && <Tag>{t.channelUnusable}</Tag>}
                      {channel.version_name && <Tag color="processing">{channel.version_name}</Tag>}
                      {channel.queue > 0 && <Tag>{t.channelQueue(channel.queue)}</Tag>}
                    </Flex>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {channel.desc}
                    </Typography.Text>
                    {channel.unusable && (
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {channel.unusable}
                      </Typography.Text>
                    )}
                    {channel.tips && (
                      <Typography.Text type="warning" style={{ fontSize: 12 }}>
                        {channel.tips}
                      </Typography.Text>
                    )}
                  </Flex>
                  <Flex vertical align="end" style={{ flexShrink: 0 }}>
                    <Typography.Text type={channel.unusable ? 'secondary' : undefined}>{t.perSecond(channel.credits)}</Typography.Text>
                    {!channel.unusable && (
                      <Typography.Text type="warning" style={{ fontSize: 12 }}>
                        {t.channelCost(estimateCost(seconds, channel.credits))}
                      </Typography.Text>
                    )}
                  </Flex>
                </Flex>
              </Card>
            ))}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.channelHint}
            </Typography.Text>
          </Flex>
        )}
      </Spin>
    </Modal>
  );
}
