import { useQuery } from '@tanstack/react-query';
import { listPhotoChannels } from '@app/contract';
import { call } from '../../../lib/api';

/** Channels that make videos from one picture, configured here, with price per second and tips. */
export function usePhotoChannels(enabled: boolean) {
  return useQuery({
    queryKey: ['studio', 'photo-channels'],
    queryFn: () => call(listPhotoChannels, {}),
    enabled,
    staleTime: 0,
  });
}
