/** Bumped when the stored shape changes; drafts of another version are dropped, not misread. */
export const DRAFT_VERSION = 1;
/** A draft longer than this is not kept (local storage is small and shared by the whole site). */
export const DRAFT_MAX_CHARS = 50_000;

interface StoredDraft {
  v: number;
  value: string;
}

/** One key per account and draft, so a draft of one account is never shown to another. */
export const draftKey = (owner: string, name: string) => `draft:${owner}:${name}`;

export function readDraft(owner: string, name: string): string {
  try {
    const raw = localStorage.getItem(draftKey(owner, name));
    if (!raw) return '';
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    return stored.v === DRAFT_VERSION && typeof stored.value === 'string' ? stored.value : '';
  } catch {
    return '';
  }
}

/** Keeps the unsent text; an empty (blank) or oversized one removes the draft instead. */
export function writeDraft(owner: string, name: string, value: string): void {
  try {
    const key = draftKey(owner, name);
    if (!value.trim() || value.length > DRAFT_MAX_CHARS) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify({ v: DRAFT_VERSION, value } satisfies StoredDraft));
  } catch {
    // Storage full or blocked: the draft is a convenience, the page works without it.
  }
}

export const clearDraft = (owner: string, name: string) => writeDraft(owner, name, '');

