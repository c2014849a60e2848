import { useQuery } from '@tanstack/react-query';
import { listVoiceChannels } from '@app/contract';
import { call } from '../../lib/api';

export const voiceChannelsKey = ['site', 'voice-channels'] as const;

/** Voice channels offered here: prices, tips, the languages each speaks and what each supports. */
export function useVoiceChannels() {
  return useQuery({
    queryKey: voiceChannelsKey,
    queryFn: () => call(listVoiceChannels, {}),
    staleTime: 5 * 60_000,
  });
}
