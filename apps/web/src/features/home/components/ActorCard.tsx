import { PlayCircleOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { publicActor } from '@app/contract';
import type { z } from 'zod';
import { MediaCard } from '../../../components/media-card/MediaCard';
import type { Orientation } from '../api/get-public-actors';
import { homeMessages as m } from '../messages';

type PublicActor = z.infer<typeof publicActor>;

interface ActorCardProps {
  actor: PublicActor;
  orientation: Orientation;
  onPlay: (actor: PublicActor) => void;
  onCreate: (actor: PublicActor) => void;
  eager?: boolean;
}

export function ActorCard({ actor, orientation, eager, onPlay, onCreate }: ActorCardProps) {
  return (
    <MediaCard
      title={actor.name}
      cover={actor.cover_small || actor.cover}
      aspect={orientation === 1 ? 16 / 9 : 9 / 16}
      eager={eager}
      actions={
        <>
          <Button icon={<PlayCircleOutlined />} onClick={() => onPlay(actor)}>
            {m.play}
          </Button>
          <Button type="primary" icon={<VideoCameraAddOutlined />} onClick={() => onCreate(actor)}>
            {m.createVideo}
          </Button>
        </>
      }
    />
  );
}
