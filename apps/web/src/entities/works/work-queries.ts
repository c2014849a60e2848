import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { listWorks, WORKS_POLL_MS, type ParamsOf } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

const worksScope = [ACCOUNT_SCOPE, 'works'] as const;
export type WorksFilter = ParamsOf<typeof listWorks>;
export const worksKey = (filter: WorksFilter) => [...worksScope, filter] as const;

/** Works of one tab with the per-tab counts; refreshed every 15 s (spec 001 §4). */
export function useWorks(filter: WorksFilter) {
  return useQuery({
    queryKey: worksKey(filter),
    queryFn: () => call(listWorks, { page: 1, limit: 9999, ...filter }),
    refetchInterval: WORKS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** A work was created, renamed or deleted: every works list (and its counts) is fetched again. */
export const refreshWorks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: worksScope });
