import { useQuery } from '@tanstack/react-query';
import { listVoiceChannels } from '@app/contract';
import { call } from '../../../lib/api';

/** Voice channels with what each supports, and the language tree. */
export function useVoiceChannels() {
  return useQuery({
    queryKey: ['studio', 'voice-channels'],
    queryFn: () => call(listVoiceChannels, {}),
    staleTime: 5 * 60_000,
  });
}
