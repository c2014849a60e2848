import { useQuery } from '@tanstack/react-query';
import { listVideoChannels } from '@app/contract';
import { call } from '../../../lib/api';

/** The video channels configured here; each scene is rendered by the chosen one's engine. */
export function useVideoChannels() {
  return useQuery({ queryKey: ['multiples', 'video-channels'], queryFn: () => call(listVideoChannels, {}) });
}
