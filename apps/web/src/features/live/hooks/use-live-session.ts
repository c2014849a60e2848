import { useCallback, useEffect, useRef, useState } from 'react';

/** The server asks for a beat every 15–30 s; each new minute started is charged then. */
export const BEAT_MS = 20_000;

export interface StartedSession {
  session_id: string;
  greeting: string;
  avatar_id: number;
  price_per_minute: number;
  max_minutes: number;
  minutes_charged: number;
  ends_at: string;
}

/** The calls of one kind of session: the user's own, or a widget's visitor's (keyed by the widget). */
export interface SessionCalls {
  start(): Promise<StartedSession>;
  beat(sessionId: string): Promise<{ minutes_charged: number; ends_at: string; ended: boolean }>;
  end(sessionId: string): Promise<{ minutes: number; credits: number }>;
}

/**
 * A running session: started, kept open with a beat every BEAT_MS (the minutes charged come back), the seconds
 * it has run, and its end — by the person, by the server (its longest length), or on leaving the page.
 */
export function useLiveSession(calls: SessionCalls, onEnded: (r: { minutes: number; credits: number } | null) => void) {
  const [session, setSession] = useState<StartedSession | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [minutes, setMinutes] = useState(0);
  const [busy, setBusy] = useState<'starting' | 'ending' | null>(null);
  const live = useRef<StartedSession | null>(null);
  const latest = useRef({ calls, onEnded });
  useEffect(() => {
    latest.current = { calls, onEnded };
  });

  const start = useCallback(async () => {
    setBusy('starting');
    try {
      const s = await latest.current.calls.start();
      live.current = s;
      setSession(s);
      setStartedAt(Date.now());
      setNow(Date.now());
      setMinutes(s.minutes_charged);
      return s;
    } finally {
      setBusy(null);
    }
  }, []);

  const end = useCallback(async () => {
    const s = live.current;
    if (!s) return;
    setBusy('ending');
    try {
      const r = await latest.current.calls.end(s.session_id).catch(() => null);
      live.current = null;
      setSession(null);
      latest.current.onEnded(r);
    } finally {
      setBusy(null);
    }
  }, []);

  const id = session?.session_id;
  useEffect(() => {
    if (!id) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const beat = window.setInterval(() => {
      void latest.current.calls
        .beat(id)
        .then((b) => {
          setMinutes(b.minutes_charged);
          if (b.ended && live.current?.session_id === id) {
            live.current = null;
            setSession(null);
            latest.current.onEnded(null);
          }
        })
        .catch(() => undefined);
    }, BEAT_MS);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(beat);
    };
  }, [id]);

  // Leaving the page ends the session, so its minutes stop.
  useEffect(
    () => () => {
      const s = live.current;
      if (s) void latest.current.calls.end(s.session_id).catch(() => undefined);
    },
    [],
  );

  const seconds = session ? Math.max(0, Math.floor((now - startedAt) / 1000)) : 0;
  return { session, seconds, minutes, busy, start, end };
}
