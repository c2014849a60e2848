import { useCallback, useEffect, useRef, useState } from 'react';

/** Preview state of spec 000 §4: 1 idle, 3 playing. */
export type PreviewState = 1 | 3;

/** One audio element for a list of voices: playing one stops the other; the end returns to idle. */
export function useVoicePreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<number | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    setPlayingId(null);
  }, []);

  const toggle = useCallback(
    (id: number, url: string) => {
      const el = (audio.current ??= new Audio());
      if (playingId === id) {
        el.pause();
        setPlayingId(null);
        return;
      }
      el.src = url;
      el.onended = () => setPlayingId(null);
      el.onerror = () => setPlayingId(null);
      setPlayingId(id);
      el.play().catch(() => setPlayingId(null));
    },
    [playingId],
  );

  useEffect(() => () => audio.current?.pause(), []);

  const stateOf = (id: number): PreviewState => (playingId === id ? 3 : 1);
  return { toggle, stop, stateOf };
}
