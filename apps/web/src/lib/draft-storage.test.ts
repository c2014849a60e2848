import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_MAX_CHARS, DRAFT_VERSION, clearDraft, draftKey, readDraft, writeDraft } from './draft-storage';

const store = new Map<string, string>();

beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('drafts', () => {
  it('are kept per account and name', () => {
    writeDraft('alice', 'studio-script', '你好');
    expect(readDraft('alice', 'studio-script')).toBe('你好');
    expect(readDraft('bob', 'studio-script')).toBe('');
    expect(readDraft('alice', 'chat')).toBe('');
  });

  it('store nothing for a blank value, and a blank value removes the draft', () => {
    writeDraft('alice', 'chat', '   ');
    expect(store.size).toBe(0);
    writeDraft('alice', 'chat', '问题');
    writeDraft('alice', 'chat', '');
    expect(store.size).toBe(0);
  });

  it('are cleared', () => {
    writeDraft('alice', 'chat', '问题');
    clearDraft('alice', 'chat');
    expect(readDraft('alice', 'chat')).toBe('');
  });

  it('drop an oversized value instead of keeping it', () => {
    writeDraft('alice', 'chat', 'short');
    writeDraft('alice', 'chat', 'x'.repeat(DRAFT_MAX_CHARS + 1));
    expect(readDraft('alice', 'chat')).toBe('');
  });

  it('ignore another version and unreadable text', () => {
    store.set(draftKey('alice', 'chat'), JSON.stringify({ v: DRAFT_VERSION + 1, value: '旧' }));
    expect(readDraft('alice', 'chat')).toBe('');
    store.set(draftKey('alice', 'chat'), '{not json');
    expect(readDraft('alice', 'chat')).toBe('');
  });

  it('survive a storage that refuses writes', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    });
    expect(() => writeDraft('alice', 'chat', '问题')).not.toThrow();
  });
});
