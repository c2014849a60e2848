import { useQuery } from '@tanstack/react-query';
import { listVideoChannels } from '@app/contract';
import { call } from '../../../lib/api';

/** Video channels configured here, with credits per second and their queue. */
export function useVideoChannels(enabled: boolean) {
  return useQuery({
    queryKey: ['studio', 'video-channels'],
    queryFn: () => call(listVideoChannels, {}),
    enabled,
    staleTime: 0,
  });
}
