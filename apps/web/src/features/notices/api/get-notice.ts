import { useQuery } from '@tanstack/react-query';
import { getNotices, type NoticeDetail } from '@app/contract';
import { call } from '../../../lib/api';

export async function fetchNotice(id: number): Promise<NoticeDetail | null> {
  const data = await call(getNotices, { id });
  return 'content' in data ? data : null;
}

export function useNotice(id: number | null) {
  return useQuery({
    queryKey: ['site', 'notice', id],
    queryFn: () => (id === null ? null : fetchNotice(id)),
    enabled: id !== null,
  });
}
