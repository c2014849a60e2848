import { useQuery } from '@tanstack/react-query';
import { listAvatars } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import type { Orientation } from '../lib/query-params';

/** Own avatars (source 1), or public ones (source 2) of one orientation; all of them. */
export function useStudioAvatars(source: '1' | '2', orientation?: Orientation) {
  return useQuery({
    queryKey: [ACCOUNT_SCOPE, 'studio', 'avatars', source, orientation ?? 0],
    queryFn: () => call(listAvatars, { source, page: 1, limit: 0, hs: orientation ? String(orientation) : undefined }),
  });
}
