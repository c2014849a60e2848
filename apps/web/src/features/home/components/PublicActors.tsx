import { Button, Col, Empty, Flex, Row, Segmented, Spin } from 'antd';
import { Text } from '../../../components/text/Text';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { publicActor } from '@app/contract';
import type { z } from 'zod';
import { VideoPlayerDialog } from '../../../components/video-player/VideoPlayerDialog';
import { usePublicActors, type Orientation } from '../api/get-public-actors';
import { useScrollNearBottom } from '../hooks/use-scroll-near-bottom';
import { homeMessages as m } from '../messages';
import { ActorCard } from './ActorCard';

type PublicActor = z.infer<typeof publicActor>;

/** Covers a wide window shows without scrolling (two rows of six portraits): fetched first, not lazily. */
const FIRST_SCREEN = 12;

/** Landscape / portrait actors with hover play and create, loading more near the bottom of the page. */
export function PublicActors({ active }: { active: boolean }) {
  const [orientation, setOrientation] = useState<Orientation>(2);
  const [playing, setPlaying] = useState<PublicActor | null>(null);
  const navigate = useNavigate();
  const actors = usePublicActors(orientation, active);
  const list = (actors.data?.pages ?? []).flatMap((p) => (orientation === 1 ? p.hlist : p.slist));
  const more = actors.hasNextPage && !actors.isFetching;
  const loadMore = () => {
    if (more) void actors.fetchNextPage();
  };
  const check = useScrollNearBottom(loadMore, active);
  // A first page shorter than the window never scrolls: look again once it has rendered.
  useEffect(() => check(), [check, actors.data]);

  const create = (actor: PublicActor) => void navigate(`/create?id=${actor.id}&hs=${orientation}`);
  const span = orientation === 1 ? { xs: 24, sm: 12, md: 8, xl: 6 } : { xs: 12, sm: 8, md: 6, xl: 4 };

  return (
    <Flex vertical gap={16}>
      <Segmented<Orientation>
        aria-label={m.orientation}
        value={orientation}
        onChange={setOrientation}
        options={[
          { label: m.portrait, value: 2 },
          { label: m.landscape, value: 1 },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {actors.isPending ? (
        <Spin style={{ padding: 48 }} />
      ) : list.length === 0 ? (
        <Empty description={m.empty} />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((actor, i) => (
            <Col key={actor.id} {...span}>
              <ActorCard
                actor={actor}
                orientation={orientation}
                eager={i < FIRST_SCREEN}
                onPlay={setPlaying}
                onCreate={create}
              />
            </Col>
          ))}
        </Row>
      )}
      {list.length > 0 && (
        <Flex justify="center">
          {actors.isFetchingNextPage ? (
            <Spin size="small" />
          ) : actors.hasNextPage ? (
            <Button type="link" onClick={loadMore}>
              {m.loadingMore}
            </Button>
          ) : (
            <Text type="secondary">{m.noMore}</Text>
          )}
        </Flex>
      )}
      <VideoPlayerDialog
        open={!!playing}
        title={playing?.name ?? ''}
        url={playing?.url ?? ''}
        portrait={orientation === 2}
        onClose={() => setPlaying(null)}
        footer={
          playing && (
            <Button type="primary" onClick={() => create(playing)}>
              {m.createVideo}
            </Button>
          )
        }
      />
    </Flex>
  );
}
