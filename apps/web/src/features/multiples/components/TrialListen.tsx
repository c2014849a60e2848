import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { voiceMessages } from '@app/contract';
import { ApiError } from '../../../lib/api';
import { useAudition } from '../../../lib/audition';
import { feedback } from '../../../lib/feedback';
import type { Scene } from '../lib/scenes';
import { multiplesText as t } from '../messages';

/** Trial listen of one scene: its text in its voice and sliders (polled every 3 s), played when ready. */
export function TrialListen({ scene }: { scene: Scene }) {
  const audition = useAudition();
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLAudioElement | null>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => {
    const audio = new Audio();
    audio.onended = () => setPlaying(false);
    player.current = audio;
    return () => {
      audio.pause();
      stop.current?.abort();
    };
  }, []);
  const listen = async () => {
    if (playing) {
      player.current?.pause();
      setPlaying(false);
      return;
    }
    if (!scene.text.trim() || !scene.voice) return feedback.warning(t.auditionNeeds);
    stop.current = new AbortController();
    const job = await audition.mutateAsync({
      signal: stop.current.signal,
      params: {
        voice_id: scene.voice.id,
        text: scene.text,
        rate: scene.rate,
        volume: scene.volume,
        pitch: scene.pitch,
      },
    });
    const audio = player.current;
    if (!audio) return;
    audio.src = job.url;
    setPlaying(true);
    audio.play().catch(() => setPlaying(false));
  };
  return (
    <Button
      size="small"
      icon={playing ? <PauseCircleOutlined /> : <SoundOutlined />}
      loading={audition.isPending}
      onClick={() =>
        void listen().catch((e: unknown) => {
          if (e instanceof ApiError && e.message === voiceMessages.auditionFailed)
            feedback.error(voiceMessages.auditionFailed);
        })
      }
    >
      {playing ? t.stopListen : t.trialListen}
    </Button>
  );
}
