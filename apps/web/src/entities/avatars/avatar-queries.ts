import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listAvatars } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

/** While any avatar is still being cloned, the list looks again this often. */
export const AVATAR_REFRESH_MS = 10_000;
const avatarsScope = [ACCOUNT_SCOPE, 'avatars'] as const;

/** Avatar status: 1 processing, 2 ready, 3 failed. */
export const AvatarStatus = { processing: 1, ready: 2, failed: 3 } as const;

export interface AvatarFilter {
  /** 1 own, 2 public. */
  source: '1' | '2';
  name?: string;
  /** Public avatars of one orientation: 1 landscape, 2 portrait. */
  orientation?: 1 | 2;
}

export const avatarsKey = ({ source, name = '', orientation }: AvatarFilter) =>
  [...avatarsScope, source, name, orientation ?? 0] as const;

/** Own or public avatars, all of them, filtered by name and orientation; polled while some are cloning. */
export function useAvatars(filter: AvatarFilter) {
  const { source, name, orientation } = filter;
  return useQuery({
    queryKey: avatarsKey(filter),
    queryFn: () =>
      call(listAvatars, {
        source,
        page: 1,
        limit: 0,
        name: name || undefined,
        hs: orientation ? String(orientation) : undefined,
      }),
    refetchInterval: (query) => ((query.state.data?.generate ?? 0) > 0 ? AVATAR_REFRESH_MS : false),
  });
}

/** An avatar was cloned or deleted: every avatar list is fetched again. */
export const refreshAvatars = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: avatarsScope });
