import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAccountInfo } from '../entities/account';
import { readDraft, writeDraft } from './draft-storage';

/** Pages with unsent text: a reload or closing the tab asks first, and so does going to another page. */
const dirty = new Set<string>();
const listeners = new Set<() => void>();
function onBeforeUnload(e: BeforeUnloadEvent) {
  if (dirty.size === 0) return;
  e.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  e.returnValue = '';
}

function markDirty(name: string, isDirty: boolean): void {
  const before = dirty.size;
  if (isDirty) dirty.add(name);
  else dirty.delete(name);
  if (before === 0 && dirty.size > 0) window.addEventListener('beforeunload', onBeforeUnload);
  if (before > 0 && dirty.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  if (before > 0 !== dirty.size > 0) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any page on show holds unsent text (the in-app navigation asks before leaving it). */
export const useUnsentWork = (): boolean => useSyncExternalStore(subscribe, () => dirty.size > 0);

/**
 * Keeps `value` as the signed-in account's draft `name`: once the account is known the stored draft
 * is handed to `restore` (unless `skipRestore`, e.g. a text handed over by another page), then every
 * change is stored. Submitting clears the draft: by emptying the value, or by `sent()` when the page keeps
 * the sent text on show (it is stored again only once edited). While there is unsent text, leaving the
 * site asks first. `restore` must be stable (a state or store setter).
 */
export function useDraft(
  name: string,
  value: string,
  restore: (value: string) => void,
  skipRestore = false,
): { sent: () => void } {
  const owner = useAccountInfo().data?.username;
  const restoredFor = useRef<string | null>(null);
  const [sentValue, setSentValue] = useState<string | null>(null);
  const unsent = value.trim() !== '' && value !== sentValue;

  useEffect(() => {
    if (!owner) return;
    if (restoredFor.current !== owner) {
      // Another account signed in on this page: its own draft (or nothing) replaces what was shown.
      const switched = restoredFor.current !== null;
      restoredFor.current = owner;
      const saved = readDraft(owner, name);
      if (switched || (saved && !skipRestore)) {
        restore(saved);
        return;
      }
    }
    // Written only after the account's own draft was restored, so it is never overwritten by the empty box.
    writeDraft(owner, name, unsent ? value : '');
  }, [owner, name, value, unsent, skipRestore, restore]);

  useEffect(() => {
    markDirty(name, unsent);
    return () => markDirty(name, false);
  }, [name, unsent]);

  return { sent: () => setSentValue(value) };
}
