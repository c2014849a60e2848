import { PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { usePublicVoices } from '../api/get-public-voices';
import { homeMessages as m } from '../messages';

/** Public voices with preview play/pause: one at a time, back to idle at the end (spec 000 §4); leaving the tab unmounts it and stops. */
export function PublicVoicesTab({ active }: { active: boolean }) {
  const voices = usePublicVoices(active);
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<number | null>(null);

  useEffect(() => {
    const player = new Audio();
    player.onended = () => setPlayingId(null);
    player.onerror = () => setPlayingId(null);
    audio.current = player;
    return () => player.pause();
  }, []);

  const toggle = (id: number, url: string) => {
    const player = audio.current;
    if (!player) return;
    if (playingId === id) {
      player.pause();
      setPlayingId(null);
      return;
    }
    player.src = url;
    setPlayingId(id);
    player.play().catch(() => setPlayingId(null));
  };

  if (voices.isPending) return <Spin style={{ padding: 48 }} />;
  const list = voices.data?.list ?? [];
  if (list.length === 0) return <Empty description={m.noVoices} />;
  return (
    <Row gutter={[16, 16]}>
      {list.map((voice) => {
        const playing = playingId === voice.id;
        return (
          <Col key={voice.id} xs={24} sm={12} md={8} xl={6}>
            <Card size="small">
              <Flex align="center" gap={12}>
                <Button
                  shape="circle"
                  type={playing ? 'primary' : 'default'}
                  icon={playing ? <PauseCircleFilled /> : <PlayCircleFilled />}
                  aria-label={`${playing ? m.pause : m.listen} ${voice.name}`}
                  aria-pressed={playing}
                  onClick={() => toggle(voice.id, voice.url)}
                />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text ellipsis>{voice.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[voice.voice_channel_name, voice.version_name].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
