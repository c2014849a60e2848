import { DeleteOutlined, PlayCircleOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { AVATAR_SCREENS, type Avatar, type AvatarScreen } from '@app/contract';
import { MediaCard } from '../../../components/media-card/MediaCard';
import { AvatarStatus } from '../../../entities/avatars';
import { avatarsMessages as m } from '../messages';

interface AvatarCardProps {
  avatar: Avatar;
  onPlay: (avatar: Avatar) => void;
  onCreate: (avatar: Avatar) => void;
  /** Only own avatars can be deleted. */
  onDelete?: (avatar: Avatar) => void;
}

export function AvatarCard({ avatar, onPlay, onCreate, onDelete }: AvatarCardProps) {
  const ready = avatar.status === AvatarStatus.ready;
  const failed = avatar.status === AvatarStatus.failed;
  const overlay = ready ? undefined : failed ? (
    <>
      <Typography.Text strong style={{ color: '#ff7875' }}>
        {m.failed}
      </Typography.Text>
      {avatar.fail_reason && (
        <Typography.Text style={{ color: '#fff', fontSize: 12 }}>{avatar.fail_reason}</Typography.Text>
      )}
    </>
  ) : (
    <Typography.Text style={{ color: '#fff' }}>{m.processing}</Typography.Text>
  );
  const remove = onDelete && (ready || failed) && (
    <Button danger icon={<DeleteOutlined />} onClick={() => onDelete(avatar)}>
      {m.delete}
    </Button>
  );
  const screen = AVATAR_SCREENS[avatar.screen as AvatarScreen] as string | undefined;
  return (
    <MediaCard
      title={avatar.name}
      cover={avatar.cover_small || avatar.cover}
      aspect={3 / 4}
      fit="contain"
      overlay={overlay}
      extra={
        screen && (
          <Tag
            color={avatar.screen === 'blue' ? 'blue' : 'green'}
            bordered={false}
            style={{ marginInlineEnd: 0, flex: 'none' }}
          >
            {m.screenTag(screen)}
          </Tag>
        )
      }
      actions={
        ready ? (
          <>
            <Button icon={<PlayCircleOutlined />} onClick={() => onPlay(avatar)}>
              {m.play}
            </Button>
            <Button type="primary" icon={<VideoCameraAddOutlined />} onClick={() => onCreate(avatar)}>
              {m.premiumCreate}
            </Button>
            {remove}
          </>
        ) : (
          remove || undefined
        )
      }
    />
  );
}
