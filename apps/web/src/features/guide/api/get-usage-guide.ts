import { useQuery } from '@tanstack/react-query';
import { getUsageGuide } from '@app/contract';
import { call } from '../../../lib/api';

export const fetchUsageGuide = () => call(getUsageGuide, {});

export function useUsageGuide() {
  return useQuery({
    queryKey: ['site', 'usageGuide'],
    queryFn: fetchUsageGuide,
  });
}
