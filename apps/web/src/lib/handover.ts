/** Session-storage key of a text handed to the studio (`/create?type=fk`): a chat answer, an extracted script. */
export const HANDOVER_TEXT_KEY = 'fk_text';

/** Session-storage key of scene texts handed to the multi-scene composer (`/multiples`): a JSON list of strings. */
export const HANDOVER_SCENES_KEY = 'multi_scenes';

/** Reads (and removes) the scene texts handed to the composer; [] when there are none. */
export function takeHandoverScenes(): string[] {
  try {
    const raw = sessionStorage.getItem(HANDOVER_SCENES_KEY);
    sessionStorage.removeItem(HANDOVER_SCENES_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string' && !!s.trim()) : [];
  } catch {
    return [];
  }
}

/** Hands scene texts to the composer (private mode: it opens with one empty scene). */
export function handOverScenes(texts: string[]): void {
  try {
    sessionStorage.setItem(HANDOVER_SCENES_KEY, JSON.stringify(texts));
  } catch {
    /* private mode */
  }
}

/** Hands a script to the studio (private mode: it opens empty). */
export function handOverText(text: string): void {
  try {
    sessionStorage.setItem(HANDOVER_TEXT_KEY, text);
  } catch {
    /* private mode */
  }
}
