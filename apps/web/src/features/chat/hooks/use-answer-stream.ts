import { useCallback, useEffect, useRef, useState } from 'react';
import { answerStreamUrl } from '../api/chat';
import { TYPEWRITER_MS } from '../messages';

/** The answer being written: what the typewriter shows so far, the reasoning, and whether the stream is still open. */
export interface LiveAnswer {
  mid: number;
  shown: string;
  reasoning: string;
  open: boolean;
  failed: string;
}

const messageOf = (e: Event): string => {
  try {
    return String((JSON.parse((e as MessageEvent<string>).data) as { message?: unknown }).message ?? '');
  } catch {
    return '';
  }
};

/**
 * Reads an answer from the server-sent stream and shows it with a typewriter, about one character
 * per 30 ms. Stop closes the stream (the server then stops the model and keeps the part it has).
 * `onEnded` runs once the stream has ended and the typewriter has caught up (or at once on stop).
 */
export function useAnswerStream(onEnded: () => Promise<unknown>) {
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const source = useRef<EventSource | null>(null);
  const pending = useRef('');
  const timer = useRef<number | null>(null);
  const streaming = useRef(false);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  }, [onEnded]);

  const finish = useCallback(async () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    await ended.current().catch(() => undefined);
    setLive(null);
  }, []);

  const close = useCallback(() => {
    source.current?.close();
    source.current = null;
  }, []);

  const start = useCallback(
    (cid: number, mid: number) => {
      close();
      pending.current = '';
      streaming.current = true;
      setLive({ mid, shown: '', reasoning: '', open: true, failed: '' });
      const es = new EventSource(answerStreamUrl(cid, mid));
      source.current = es;
      es.addEventListener('message', (e) => (pending.current += messageOf(e)));
      es.addEventListener('reasoning', (e) => {
        const piece = messageOf(e);
        setLive((l) => (l ? { ...l, reasoning: l.reasoning + piece } : l));
      });
      const end = (failed = '') => {
        if (source.current !== es) return;
        close();
        streaming.current = false;
        setLive((l) => (l ? { ...l, open: false, failed } : l));
      };
      es.addEventListener('done', () => end());
      // Stream errors close the stream without a toast (spec 001 §8); the answer shows why it failed.
      es.addEventListener('error', (e) => {
        let msg = '';
        if (e instanceof MessageEvent && typeof e.data === 'string')
          try {
            msg = String((JSON.parse(e.data) as { msg?: unknown }).msg ?? '');
          } catch {
            msg = '';
          }
        end(msg || ' ');
      });
      timer.current = window.setInterval(() => {
        if (pending.current) {
          const next = pending.current.slice(0, 1);
          pending.current = pending.current.slice(1);
          setLive((l) => (l ? { ...l, shown: l.shown + next } : l));
        } else if (!streaming.current) void finish();
      }, TYPEWRITER_MS);
    },
    [close, finish],
  );

  /** Stop: closes the stream; what arrived is shown whole. */
  const stop = useCallback(() => {
    close();
    streaming.current = false;
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setLive((l) => (l ? { ...l, shown: l.shown + pending.current, open: false } : l));
    pending.current = '';
    // The server notices the closed stream and saves the part it received; read it back a moment later.
    window.setTimeout(() => void finish(), 600);
  }, [close, finish]);

  useEffect(
    () => () => {
      source.current?.close();
      if (timer.current !== null) window.clearInterval(timer.current);
    },
    [],
  );

  return { live, start, stop };
}
