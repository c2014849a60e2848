import { useQuery } from '@tanstack/react-query';
import { listMaterials } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** The caller's video materials, all of them: the studio's avatar material-library tab. */
export function useMaterialVideos(enabled = true) {
  return useQuery({
    queryKey: [ACCOUNT_SCOPE, 'materials', 'video'] as const,
    queryFn: () => call(listMaterials, { type: 'video', source: '0', page: 1, limit: 0 }),
    enabled,
    // The library changes on another page, and its URLs are signed per list: fetch afresh each time it shows.
    staleTime: 0,
  });
}
