import { describe, expect, it } from 'vitest';
import { tabsFromQuery } from './tabs';

const read = (q: string) => tabsFromQuery(new URLSearchParams(q));

describe('works tabs from the query', () => {
  it('opens digital-human videos by default', () => {
    const { type1, tab } = read('');
    expect(type1).toBe('0');
    expect(tab.filter).toEqual({ is_multi: 0, photo_type: 0, type: '' });
  });

  it('opens person videos, translations and multi-scene works', () => {
    expect(read('type1=0&type2=2').tab.filter).toEqual({ is_multi: 0, photo_type: 1 });
    expect(read('type1=0&type2=3').tab.filter).toEqual({ type: 'fy' });
    expect(read('type1=1').tab.createPath).toBe('/multiples');
  });

  it('falls back to the first second-level tab for an unknown type2', () => {
    expect(read('type1=1&type2=9').tab.key).toBe('0');
  });
});
