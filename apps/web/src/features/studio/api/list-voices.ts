import { useQuery } from '@tanstack/react-query';
import { listVoices, VOICE_POLL_MS } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** Own (1) or public (2) voices; own ones look again every 10 s while any is still cloning. */
export function useStudioVoices(source: '1' | '2') {
  return useQuery({
    queryKey: [ACCOUNT_SCOPE, 'studio', 'voices', source],
    queryFn: () => call(listVoices, { source, page: 1, limit: 0 }),
    refetchInterval: (query) => ((query.state.data?.generate ?? 0) > 0 ? VOICE_POLL_MS : false),
  });
}
