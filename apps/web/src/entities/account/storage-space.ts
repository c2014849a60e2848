import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { DataOf, getStorageSpace } from '@app/contract';
import { call } from '../../lib/api';
import { storageSpaceCall } from '../../lib/first-paint-endpoints';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

export const storageSpaceKey = [ACCOUNT_SCOPE, 'space'] as const;

/** Storage used of the account's total; fetched while `enabled` (the account menu is open). */
export function useStorageSpace(enabled: boolean) {
  return useQuery({
    queryKey: storageSpaceKey,
    queryFn: () => call(storageSpaceCall, {}, { quiet: true }),
    enabled,
  });
}

/** Files were kept or removed: the storage used is fetched again when next shown. */
export const refreshStorage = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: storageSpaceKey });

/** The server answered with the new space (after buying more): show it at once. */
export const setStorageSpace = (queryClient: QueryClient, space: DataOf<typeof getStorageSpace>) =>
  queryClient.setQueryData(storageSpaceKey, space);
