import { describe, expect, it } from 'vitest';
import { byRank, visibleNavEntries, type NavEntry } from './feature';

const entry = (key: string, hosts?: NavEntry['hosts']): NavEntry => ({
  key,
  label: key,
  icon: null,
  path: `/${key}`,
  section: 'features',
  hosts,
});

describe('navigation entries', () => {
  it('follow the spec order whatever order features register in', () => {
    const keys = visibleNavEntries([entry('use'), entry('zzz'), entry('create'), entry('consum')], false).map(
      (e) => e.key,
    );
    expect(keys).toEqual(['create', 'consum', 'use', 'zzz']);
  });

  it('show helper and hide employee on helper hostnames, and the reverse elsewhere', () => {
    const entries = [entry('helper', 'helper-only'), entry('employee', 'not-helper'), entry('create')];
    expect(visibleNavEntries(entries, true).map((e) => e.key)).toEqual(['helper', 'create']);
    expect(visibleNavEntries(entries, false).map((e) => e.key)).toEqual(['create', 'employee']);
  });
});

describe('ranked items (console screens, launcher tiles)', () => {
  it('come smaller rank first, then those without one in the order given', () => {
    const items = [{ k: 'a' }, { k: 'b', rank: 30 }, { k: 'c', rank: 10 }, { k: 'd' }, { k: 'e', rank: 30 }];
    expect(byRank(items).map((i) => i.k)).toEqual(['c', 'b', 'e', 'a', 'd']);
  });
});
