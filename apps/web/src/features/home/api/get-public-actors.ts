import { useInfiniteQuery } from '@tanstack/react-query';
import type { DataOf, listPublicActors } from '@app/contract';
import { call } from '../../../lib/api';
import { publicActorsCall } from '../../../lib/first-paint-endpoints';

export const HOME_PAGE_SIZE = 20;
/** When the first page comes back empty or fails, everything is fetched once with this limit (spec 000 §4). */
export const HOME_FALLBACK_LIMIT = 9999;

export type ActorPage = DataOf<typeof listPublicActors> & { page: number; complete: boolean };
export type Orientation = 1 | 2;

const fetchActors = (page: number, limit: number) => call(publicActorsCall, { page, limit }, { quiet: true });

/** Page `page` of the public actors; the first page falls back to one load of everything. */
export async function fetchActorPage(page: number, fetch = fetchActors): Promise<ActorPage> {
  if (page > 1) {
    const data = await fetch(page, HOME_PAGE_SIZE);
    return { ...data, page, complete: page * HOME_PAGE_SIZE >= data.total };
  }
  try {
    const data = await fetch(1, HOME_PAGE_SIZE);
    if (data.hlist.length + data.slist.length > 0) return { ...data, page, complete: HOME_PAGE_SIZE >= data.total };
  } catch (error) {
    // Failing to fetch the home list is only logged (spec 000 §8); the fallback load follows.
    console.warn('public actors: first page failed', error);
  }
  const all = await fetch(1, HOME_FALLBACK_LIMIT);
  return { ...all, page, complete: true };
}

let earlyFirstPage: Promise<ActorPage> | null = null;

/** Starts loading the first page while the home page's code is still on its way (both orientations come in one reply). */
export function prefetchFirstActorPage(): void {
  earlyFirstPage ??= fetchActorPage(1);
  earlyFirstPage.catch(() => undefined);
}

/** The prefetched first page is used once; later loads (a new orientation, a refresh) ask again. */
function loadActorPage(page: number): Promise<ActorPage> {
  if (page === 1 && earlyFirstPage) {
    const early = earlyFirstPage;
    earlyFirstPage = null;
    return early;
  }
  return fetchActorPage(page);
}

/** Public actors of one orientation, page by page; a new orientation starts again from page 1. */
export function usePublicActors(orientation: Orientation, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['home', 'public-actors', orientation],
    queryFn: ({ pageParam }) => loadActorPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.complete ? undefined : last.page + 1),
    enabled,
    // Leaving a tab or orientation drops its pages, so coming back starts at page 1.
    gcTime: 0,
  });
}
