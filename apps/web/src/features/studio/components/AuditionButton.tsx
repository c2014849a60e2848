import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { voiceMessages } from '@app/contract';
import { ApiError } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { useAudition } from '../../../lib/audition';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** Synthesizes the script with the chosen voice (polled every 3 s), keeps the result and plays it. */
export function AuditionButton() {
  const { text, voice, speech, voiceTab, synthesized, setSynthesized } = useStudioStore();
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLAudioElement | null>(null);
  const stop = useRef<AbortController | null>(null);
  const audition = useAudition();

  useEffect(() => {
    const audio = new Audio();
    audio.onended = () => setPlaying(false);
    player.current = audio;
    return () => {
      audio.pause();
      stop.current?.abort();
    };
  }, []);

  const play = (url: string) => {
    const audio = player.current;
    if (!audio) return;
    audio.src = url;
    setPlaying(true);
    audio.play().catch(() => setPlaying(false));
  };

  const onClick = async () => {
    if (playing) {
      player.current?.pause();
      setPlaying(false);
      return;
    }
    if (!text.trim() || !voice) {
      feedback.warning(voiceMessages.auditionNeeds);
      return;
    }
    if (synthesized) {
      play(synthesized.url);
      return;
    }
    // Speed, volume and pitch go along only on the public voice tab: own voices carry their saved ones.
    const tuned = voiceTab === '0' ? { rate: speech.rate, volume: speech.volume, pitch: speech.pitch } : {};
    stop.current = new AbortController();
    const job = await audition.mutateAsync({
      signal: stop.current.signal,
      params: {
        voice_id: voice.id,
        text,
        language: speech.language || undefined,
        emotion: speech.emotion === 'default' ? undefined : speech.emotion,
        ...tuned,
      },
    });
    // The text or voice changed while it was synthesizing: that speech belongs to neither.
    const now = useStudioStore.getState();
    if (now.text !== text || now.voice?.id !== voice.id) return;
    setSynthesized({ fileId: job.file_id, url: job.url, name: '', duration: job.duration });
    play(job.url);
  };

  return (
    <Button
      icon={playing ? <PauseCircleOutlined /> : <SoundOutlined />}
      loading={audition.isPending}
      onClick={() =>
        void onClick().catch((error: unknown) => {
          // Failures of the calls were already shown; a failed synthesis is said here.
          if (error instanceof ApiError && error.message === voiceMessages.auditionFailed)
            feedback.error(voiceMessages.auditionFailed);
        })
      }
    >
      {audition.isPending ? t.auditioning : playing ? t.stopAudition : t.audition}
    </Button>
  );
}
