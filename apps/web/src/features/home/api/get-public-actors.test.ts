import { describe, expect, it, vi } from 'vitest';
import { fetchActorPage, HOME_FALLBACK_LIMIT, HOME_PAGE_SIZE } from './get-public-actors';

const actor = (id: number) => ({ id, name: `a${id}`, cover: '', cover_small: '', url: '' });
const page = (n: number, total: number) => ({ hlist: Array.from({ length: n }, (_, i) => actor(i)), slist: [], total });

describe('public actors paging', () => {
  it('asks for pages of 20 and stops when the total is reached', async () => {
    const fetch = vi.fn().mockResolvedValue(page(20, 45));
    const first = await fetchActorPage(1, fetch);
    expect(fetch).toHaveBeenCalledWith(1, HOME_PAGE_SIZE);
    expect(first.complete).toBe(false);
    const third = await fetchActorPage(3, vi.fn().mockResolvedValue(page(5, 45)));
    expect(third.complete).toBe(true);
  });

  it('reloads once with limit 9999 when the first page is empty', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(page(0, 0)).mockResolvedValueOnce(page(3, 3));
    const result = await fetchActorPage(1, fetch);
    expect(fetch).toHaveBeenLastCalledWith(1, HOME_FALLBACK_LIMIT);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.complete).toBe(true);
    expect(result.hlist).toHaveLength(3);
  });

  it('reloads once with limit 9999 when the first page fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(page(2, 2));
    const result = await fetchActorPage(1, fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.hlist).toHaveLength(2);
  });
});
