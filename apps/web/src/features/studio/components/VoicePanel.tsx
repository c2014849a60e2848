import { CheckCircleFilled, PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Spin, Tabs, theme, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { voiceMessages, type Voice } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { useStudioVoices } from '../api/list-voices';
import { studioText as t } from '../messages';
import { useStudioStore, type VoiceTab } from '../stores/studio-store';

/** generate_status: 1 cloning, 3 failed, else usable (spec 000 §3). */
const VoiceStatus = { cloning: 1, failed: 3 } as const;

export function voiceRefusal(voice: Voice): string | null {
  if (voice.generate_status === VoiceStatus.cloning) return voiceMessages.cloning;
  if (voice.generate_status === VoiceStatus.failed) return voiceMessages.cloneFailed;
  return null;
}

function VoiceList({ source }: { source: '1' | '2' }) {
  const voices = useStudioVoices(source);
  const chosen = useStudioStore((s) => s.voice);
  const choose = useStudioStore((s) => s.chooseVoice);
  const { token } = theme.useToken();
  const preview = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<number | null>(null);
  useEffect(() => {
    const player = new Audio();
    player.onended = () => setPlayingId(null);
    preview.current = player;
    return () => player.pause();
  }, []);
  const togglePreview = (voice: Voice) => {
    const player = preview.current;
    if (!player) return;
    if (playingId === voice.id) {
      player.pause();
      setPlayingId(null);
      return;
    }
    player.src = voice.url;
    setPlayingId(voice.id);
    player.play().catch(() => setPlayingId(null));
  };
  const pick = (voice: Voice) => {
    const refusal = voiceRefusal(voice);
    if (refusal) feedback.warning(refusal);
    else if (chosen?.id !== voice.id) choose(voice);
  };

  if (voices.isPending) return <Spin style={{ display: 'block', padding: 24 }} />;
  const list = voices.data?.list ?? [];
  if (list.length === 0) return <Empty description={t.noVoices} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Flex vertical gap={8} style={{ maxHeight: 260, overflowY: 'auto' }}>
      {list.map((voice) => {
        const selected = chosen?.id === voice.id;
        const refusal = voiceRefusal(voice);
        return (
          <Card
            key={voice.id}
            size="small"
            hoverable
            role="radio"
            aria-checked={selected}
            aria-label={voice.name}
            onClick={() => pick(voice)}
            style={{ borderColor: selected ? token.colorPrimary : undefined }}
            styles={{ body: { padding: '6px 10px' } }}
          >
            <Flex align="center" gap={8}>
              <Button
                size="small"
                type="text"
                shape="circle"
                aria-label={`${playingId === voice.id ? t.stop : t.listen} ${voice.name}`}
                icon={playingId === voice.id ? <PauseCircleFilled /> : <PlayCircleFilled />}
                disabled={!voice.url}
                onClick={(e) => {
                  e.stopPropagation();
                  togglePreview(voice);
                }}
              />
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text ellipsis>{voice.name}</Typography.Text>
                <Typography.Text type={refusal ? 'warning' : 'secondary'} style={{ fontSize: 12 }} ellipsis>
                  {refusal ?? [voice.voice_channel_name, voice.version_name].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Flex>
              {selected && <CheckCircleFilled style={{ color: token.colorPrimary }} aria-label={t.chosen} />}
            </Flex>
          </Card>
        );
      })}
    </Flex>
  );
}

/** Own and public voices; choosing another voice drops the synthesized speech. */
export function VoicePanel() {
  const tab = useStudioStore((s) => s.voiceTab);
  const setTab = useStudioStore((s) => s.setVoiceTab);
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as VoiceTab)}
      size="small"
      items={[
        { key: '1', label: t.myVoices, children: <VoiceList source="1" /> },
        { key: '0', label: t.publicVoices, children: <VoiceList source="2" /> },
      ]}
    />
  );
}
