import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { creditsRuleCall } from '../../../lib/first-paint-endpoints';

export const fetchCreditsRule = () => call(creditsRuleCall, {}, { quiet: true });

export function useCreditsRule(enabled: boolean) {
  return useQuery({
    queryKey: ['site', 'creditsRule'],
    queryFn: fetchCreditsRule,
    enabled,
    staleTime: 5 * 60_000,
  });
}
