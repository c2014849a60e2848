import { useQuery } from '@tanstack/react-query';
import { listMaterials } from '@app/contract';
import { call } from './api';
import { ACCOUNT_SCOPE } from './query-client';

/**
 * All of the caller's materials of one type (uploads and extraction results): the studio's audio
 * and avatar sources from the library.
 */
export function useLibraryMaterials(type: 'audio' | 'video', enabled = true) {
  return useQuery({
    queryKey: [ACCOUNT_SCOPE, 'materials', type] as const,
    queryFn: () => call(listMaterials, { type, source: '0', page: 1, limit: 0 }),
    enabled,
    // The library changes on another page, and its URLs are signed per list: fetch afresh each time it shows.
    staleTime: 0,
  });
}
