import { Button, Col, Empty, Row, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Avatar } from '@app/contract';
import { useConfirmDelete } from '../../../components/dialogs';
import { AvatarStatus } from '../../../entities/avatars';
import { VideoPlayerDialog } from '../../../components/video-player/VideoPlayerDialog';
import { useThrottled } from '../../../lib/rate-limit';
import { useDeleteAvatar } from '../api/delete-avatar';
import { avatarsMessages as m } from '../messages';
import { AvatarCard } from './AvatarCard';
import { AvatarChannels } from './AvatarChannels';

/** Create buttons take one click per second (spec 000 §9). */
export const CLICK_THROTTLE_MS = 1000;

interface AvatarGridProps {
  avatars: Avatar[] | undefined;
  loading: boolean;
  own: boolean;
  empty: ReactNode;
}

/** Grid of avatar cards with the play dialog; own avatars can be deleted after a confirmation. */
export function AvatarGrid({ avatars, loading, own, empty }: AvatarGridProps) {
  const navigate = useNavigate();
  const [playing, setPlaying] = useState<Avatar | null>(null);
  const remove = useDeleteAvatar();
  const confirmDeletion = useConfirmDelete();

  const create = useThrottled(
    (avatar: Avatar) => void navigate(`/create?id=${avatar.id}&hs=${avatar.hs || 2}`),
    CLICK_THROTTLE_MS,
  );
  const confirmDelete = (avatar: Avatar) =>
    confirmDeletion({
      title: m.deleteTitle,
      content: m.deleteConfirm(avatar.name),
      onDelete: () => remove.mutateAsync(avatar.id),
    });

  if (loading) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (!avatars?.length) return <>{empty}</>;
  return (
    <>
      <Row gutter={[16, 16]}>
        {avatars.map((avatar) => (
          <Col key={avatar.id} xs={12} sm={8} md={6} xl={4}>
            <AvatarCard
              avatar={avatar}
              onPlay={setPlaying}
              onCreate={create}
              onDelete={own ? confirmDelete : undefined}
            />
          </Col>
        ))}
      </Row>
      <VideoPlayerDialog
        open={!!playing}
        title={playing?.name ?? ''}
        url={playing?.url ?? ''}
        portrait={playing?.hs !== 1}
        onClose={() => setPlaying(null)}
        details={playing && playing.status === AvatarStatus.ready && <AvatarChannels avatarId={playing.id} />}
        footer={
          playing && (
            <Button type="primary" onClick={() => create(playing)}>
              {m.premiumCreate}
            </Button>
          )
        }
      />
    </>
  );
}

export function AvatarsEmpty({ description, action }: { description: string; action?: ReactNode }) {
  return (
    <Empty description={description} style={{ padding: 48 }}>
      {action}
    </Empty>
  );
}
