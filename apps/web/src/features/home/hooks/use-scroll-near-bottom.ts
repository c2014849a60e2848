import { useEffect } from 'react';
import { useThrottled } from '../../../lib/rate-limit';

/** Infinite-scroll threshold and scroll throttle (spec 000 §9, 001 §9). */
export const NEAR_BOTTOM_PX = 100;
export const SCROLL_THROTTLE_MS = 100;

/**
 * Calls `onNearBottom` when the page is scrolled within 100 px of its end (checked at most every 100 ms).
 * Returns the check, to run again when content changes without a scroll.
 */
export function useScrollNearBottom(onNearBottom: () => void, active: boolean): () => void {
  const check = useThrottled(
    () => {
      const page = document.scrollingElement ?? document.documentElement;
      if (page.scrollHeight - page.scrollTop - page.clientHeight <= NEAR_BOTTOM_PX) onNearBottom();
    },
    SCROLL_THROTTLE_MS,
    true,
  );
  useEffect(() => {
    if (!active) return;
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [active, check]);
  return check;
}
