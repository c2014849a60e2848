import { useQuery } from '@tanstack/react-query';
import { getNotices, type NoticeSummary } from '@app/contract';
import { call } from '../../../lib/api';

export async function fetchNotices(): Promise<NoticeSummary[]> {
  const data = await call(getNotices, {});
  return 'list' in data ? data.list : [];
}

export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: ['site', 'notices'],
    queryFn: fetchNotices,
    enabled,
  });
}
