import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listPhotos } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

const photosScope = [ACCOUNT_SCOPE, 'photos'] as const;

/** type: 1 person image, 2 pet. source: 1 own uploads, 2 the public library. */
export type PhotoType = 1 | 2;
export type PhotoSource = '1' | '2';

export const photosKey = (type: PhotoType, source: PhotoSource) => [...photosScope, type, source] as const;

/** The pictures of one library (all of them: limit 9999 as the spec sends it). */
export function usePhotos(type: PhotoType, source: PhotoSource, enabled = true) {
  return useQuery({
    queryKey: photosKey(type, source),
    queryFn: () => call(listPhotos, { type: String(type), source, page: 1, limit: 9999 }),
    enabled,
  });
}

/** A picture was added or deleted: every library list is fetched again. */
export const refreshPhotos = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: photosScope });
