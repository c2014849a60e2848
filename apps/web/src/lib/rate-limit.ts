import { useEffect, useMemo, useRef } from 'react';

type Fn<A extends unknown[]> = (...args: A) => void;

interface ThrottleOptions {
  /** Also run once at the end of a window that dropped calls (scroll checks), instead of dropping them (clicks). */
  trailing?: boolean;
  now?: () => number;
}

/** Runs at most once per `ms`: the first call goes through at once, the rest of the window is dropped. */
export function throttle<A extends unknown[]>(
  fn: Fn<A>,
  ms: number,
  { trailing = false, now = Date.now }: ThrottleOptions = {},
): Fn<A> {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    const t = now();
    if (t - last < ms) {
      if (trailing && timer === undefined) {
        timer = setTimeout(
          () => {
            timer = undefined;
            last = now();
            fn(...args);
          },
          ms - (t - last),
        );
      }
      return;
    }
    last = t;
    fn(...args);
  };
}

/** Runs once `ms` after the last call of a burst. */
export function debounce<A extends unknown[]>(fn: Fn<A>, ms: number): Fn<A> & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  return Object.assign(run, { cancel: () => clearTimeout(timer) });
}

/** A stable callback that always calls the latest `fn`. */
function useLatest<A extends unknown[]>(fn: Fn<A>) {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  return ref;
}

export function useThrottled<A extends unknown[]>(fn: Fn<A>, ms: number, trailing = false): Fn<A> {
  const latest = useLatest(fn);
  return useMemo(() => throttle((...args: A) => latest.current(...args), ms, { trailing }), [latest, ms, trailing]);
}

export function useDebounced<A extends unknown[]>(fn: Fn<A>, ms: number): Fn<A> {
  const latest = useLatest(fn);
  const debounced = useMemo(() => debounce((...args: A) => latest.current(...args), ms), [latest, ms]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
