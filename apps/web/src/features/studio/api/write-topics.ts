import { useQuery } from '@tanstack/react-query';
import { getThemes } from '@app/contract';
import { call } from '../../../lib/api';

/** The AI-writing topics the operator keeps; the same call (and cache entry) as the theme palettes. */
export function useWriteTopics() {
  return useQuery({
    queryKey: ['site', 'themes'],
    queryFn: () => call(getThemes, {}, { quiet: true }),
    staleTime: Infinity,
    select: (data) => data.list,
  });
}
