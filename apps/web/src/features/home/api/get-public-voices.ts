import { useQuery } from '@tanstack/react-query';
import { listVoices } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** Every public voice (source 2) for the home tab. */
export function usePublicVoices(enabled: boolean) {
  return useQuery({
    queryKey: [ACCOUNT_SCOPE, 'home', 'public-voices'],
    queryFn: () => call(listVoices, { source: '2', page: 1, limit: 0 }),
    enabled,
  });
}
