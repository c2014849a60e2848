import { useCallback, useEffect, useRef, useState } from 'react';

/** How an answer came about: an entry of the Q&A library, its fallback, or the chat model. */
export type AnswerSource = 'qa' | 'fallback' | 'chat' | 'greeting' | '';

/** One question and its answer as the transcript shows them. */
export interface LiveTurn {
  id: number;
  /** '' for the greeting, which answers no question. */
  question: string;
  /** The answer's sentences as they arrive (index → text). */
  sentences: string[];
  source: AnswerSource;
  /** 'open' while the answer streams; 'stopped' when a new question (or the end) cut it short. */
  state: 'open' | 'done' | 'stopped' | 'failed';
  error: string;
}

/** What the player is handed for each sentence: the `audio` event's payload. */
export interface SpokenChunk {
  index: number;
  mime: string;
  audio: string;
  duration_ms: number;
  fps: number;
  visemes: string;
}

export interface Speaker {
  speak(chunk: SpokenChunk): void;
  stop(): void;
  /** Whether a sentence is sounding or queued. */
  speaking(): boolean;
}

const parse = <T>(e: Event): T | null => {
  try {
    return JSON.parse((e as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
};

/**
 * Asks the live session questions over the answer stream (one at a time): each `sentence` shows in the
 * transcript, each `audio` goes to the speaker. A new question closes the open stream, silences the
 * speaker at once and tells the server (`interrupt`), then opens the next.
 */
export function useLiveAsk(o: {
  speaker: () => Speaker | null;
  streamUrl: (ask: { question: string } | { greet: true }) => string;
  interrupt: () => Promise<unknown>;
}) {
  const [turns, setTurns] = useState<LiveTurn[]>([]);
  const source = useRef<EventSource | null>(null);
  const next = useRef(1);
  const opts = useRef(o);
  useEffect(() => {
    opts.current = o;
  });

  const update = (id: number, change: (t: LiveTurn) => LiveTurn) =>
    setTurns((all) => all.map((t) => (t.id === id ? change(t) : t)));

  /**
   * Cuts the answer short: the stream closes, the avatar falls silent, the server stops it. An answer
   * whose text has all arrived but is still being spoken counts as cut short too.
   */
  const silence = useCallback(() => {
    const es = source.current;
    const speaker = opts.current.speaker();
    const speaking = speaker?.speaking() ?? false;
    speaker?.stop();
    if (!es && !speaking) return;
    es?.close();
    source.current = null;
    setTurns((all) =>
      all.map((t, i) =>
        t.state === 'open' || (speaking && t.state === 'done' && i === all.length - 1) ? { ...t, state: 'stopped' } : t,
      ),
    );
    if (es) void opts.current.interrupt().catch(() => undefined);
  }, []);

  const ask = useCallback(
    (asked: { question: string } | { greet: true }) => {
      silence();
      const id = next.current++;
      const question = 'question' in asked ? asked.question : '';
      setTurns((all) => [...all, { id, question, sentences: [], source: '', state: 'open', error: '' }]);
      const es = new EventSource(opts.current.streamUrl(asked));
      source.current = es;
      const mine = () => source.current === es;
      const end = (state: LiveTurn['state'], error = '') => {
        if (!mine()) return;
        es.close();
        source.current = null;
        update(id, (t) => ({ ...t, state, error }));
      };
      es.addEventListener('sentence', (e) => {
        const s = parse<{ index: number; text: string }>(e);
        if (!s || !mine()) return;
        update(id, (t) => {
          const sentences = [...t.sentences];
          sentences[s.index] = s.text;
          return { ...t, sentences };
        });
      });
      es.addEventListener('audio', (e) => {
        const chunk = parse<SpokenChunk>(e);
        if (chunk && mine()) opts.current.speaker()?.speak(chunk);
      });
      es.addEventListener('done', (e) => {
        const d = parse<{ answer: string; source: AnswerSource }>(e);
        if (d && mine())
          update(id, (t) => ({ ...t, source: d.source, sentences: t.sentences.length ? t.sentences : [d.answer] }));
        end('done');
      });
      es.addEventListener('stopped', () => end('stopped'));
      // A stream error closes it without a toast; the transcript says why.
      es.addEventListener('error', (e) => {
        const payload = e instanceof MessageEvent ? parse<{ message?: string; msg?: string }>(e) : null;
        const msg = payload?.msg || payload?.message || '';
        end('failed', msg || ' ');
      });
    },
    [silence],
  );

  /** A new session starts with an empty transcript. */
  const reset = useCallback(() => {
    source.current?.close();
    source.current = null;
    setTurns([]);
  }, []);

  useEffect(() => () => source.current?.close(), []);

  return { turns, ask, silence, reset, answering: turns.at(-1)?.state === 'open' };
}
