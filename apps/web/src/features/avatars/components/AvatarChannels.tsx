import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Flex, Skeleton, theme, Typography } from 'antd';
import { usableFirst, useVideoChannels } from '../../../entities/avatars';
import { avatarsMessages as m } from '../messages';

/** Which video channels this avatar can go through, and for the others why not (the server's reasons). */
export function AvatarChannels({ avatarId }: { avatarId: number }) {
  const channels = useVideoChannels(avatarId);
  const { token } = theme.useToken();
  if (channels.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const list = usableFirst(channels.data?.list ?? []);
  if (list.length === 0) return null;
  const usable = list.filter((c) => !c.unusable).length;
  return (
    <Flex vertical gap={6} role="list" aria-label={m.channelsTitle} style={{ marginTop: 12 }}>
      <Typography.Text strong>
        {m.channelsTitle}
        <Typography.Text type="secondary" style={{ fontWeight: 'normal', marginLeft: 8 }}>
          {m.channelsCount(usable, list.length)}
        </Typography.Text>
      </Typography.Text>
      {list.map((c) => (
        <Flex key={c.api} role="listitem" gap={8} align="start" aria-label={c.unusable ? `${c.name}：${c.unusable}` : c.name}>
          {c.unusable ? (
            <MinusCircleOutlined style={{ color: token.colorTextQuaternary, marginTop: 4 }} />
          ) : (
            <CheckCircleFilled style={{ color: token.colorSuccess, marginTop: 4 }} />
          )}
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text type={c.unusable ? 'secondary' : undefined}>{c.name}</Typography.Text>
            {c.unusable && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.unusable}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
}
