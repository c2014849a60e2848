import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { voiceMessages } from '@app/contract';
import { ApiError } from '../../lib/api';
import { useAudition, type AuditionRequest, type AuditionResult } from '../../lib/audition';
import { feedback } from '../../lib/feedback';
import { scriptBoxText as t } from './messages';

export interface AuditionButtonProps {
  /** What to synthesize (the stored script, pause tags included); null while text or voice is missing. */
  request: AuditionRequest | null;
  /** A result kept from an earlier listen of the same request: played again without synthesizing. */
  kept?: { url: string } | null;
  /** A fresh result, with the request it answers (the caller drops it if the script moved on meanwhile). */
  onSynthesized?: (job: AuditionResult, request: AuditionRequest) => void;
  size?: 'small' | 'middle';
}

/**
 * Trial listen of a script, shared by the studio and the composer: synthesized with the voice and its
 * sliders (polled every 3 s), then played; a second click stops it.
 */
export function AuditionButton({ request, kept, onSynthesized, size }: AuditionButtonProps) {
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
    if (!request) {
      feedback.warning(voiceMessages.auditionNeeds);
      return;
    }
    if (kept) {
      play(kept.url);
      return;
    }
    stop.current = new AbortController();
    const job = await audition.mutateAsync({ signal: stop.current.signal, params: request });
    onSynthesized?.(job, request);
    play(job.url);
  };

  return (
    <Button
      size={size}
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
