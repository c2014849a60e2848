import { useQuery } from '@tanstack/react-query';
import { getCreditsRule } from '@app/contract';
import { call } from '../../../lib/api';

export const fetchCreditsRule = () => call(getCreditsRule, {}, { quiet: true });

export function useCreditsRule(enabled: boolean) {
  return useQuery({
    queryKey: ['site', 'creditsRule'],
    queryFn: fetchCreditsRule,
    enabled,
    staleTime: 5 * 60_000,
  });
}
