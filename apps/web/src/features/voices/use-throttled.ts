import { useCallback, useRef } from 'react';

/** Clone, rename and create buttons take one click per second (spec 000 §9). */
export const CLICK_THROTTLE_MS = 1000;

export function useThrottled<A extends unknown[]>(action: (...args: A) => void, ms = CLICK_THROTTLE_MS) {
  const last = useRef(0);
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      if (now - last.current < ms) return;
      last.current = now;
      action(...args);
    },
    [action, ms],
  );
}
