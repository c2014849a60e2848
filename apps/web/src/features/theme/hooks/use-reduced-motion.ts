import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const current = () => window.matchMedia(QUERY).matches;

/** Whether the visitor asked the system for less motion; follows the setting when it changes. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
