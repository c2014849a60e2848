import { useQuery } from '@tanstack/react-query';
import { getStorageSpace } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

export const storageSpaceKey = [ACCOUNT_SCOPE, 'space'] as const;
export const fetchStorageSpace = () => call(getStorageSpace, {}, { quiet: true });

export function useStorageSpace(enabled: boolean) {
  return useQuery({
    queryKey: storageSpaceKey,
    queryFn: fetchStorageSpace,
    enabled,
  });
}
