import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listMaterials, type MaterialType } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

const materialsScope = [ACCOUNT_SCOPE, 'materials'] as const;
export const materialsKey = (type: MaterialType) => [...materialsScope, type] as const;

/**
 * Every material of one type (uploads and extraction results, source 0): the library page, and the
 * studio's audio and avatar sources from the library.
 */
export function useMaterials(type: MaterialType, enabled = true) {
  return useQuery({
    queryKey: materialsKey(type),
    queryFn: () => call(listMaterials, { type, source: '0', page: 1, limit: 9999 }),
    enabled,
    // The library changes on other pages, and its URLs are signed per list: fetch afresh each time it shows.
    staleTime: 0,
  });
}

/** A material was saved, renamed or deleted: every library list is fetched again. */
export const refreshMaterials = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: materialsScope });
