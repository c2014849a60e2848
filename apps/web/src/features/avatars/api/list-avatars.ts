import { useQuery } from '@tanstack/react-query';
import { listAvatars } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** While any avatar is still being cloned, the list looks again this often. */
export const AVATAR_REFRESH_MS = 10_000;
export const avatarsKey = [ACCOUNT_SCOPE, 'avatars'] as const;

/** Own (1) or public (2) avatars, all of them, filtered by name. */
export function useAvatars(source: '1' | '2', name: string) {
  return useQuery({
    queryKey: [...avatarsKey, source, name],
    queryFn: () => call(listAvatars, { source, page: 1, limit: 0, name: name || undefined }),
    refetchInterval: (query) => ((query.state.data?.generate ?? 0) > 0 ? AVATAR_REFRESH_MS : false),
  });
}
