import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listAudit, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { CONSOLE_SCOPE } from '../../../components/admin-layout';

export function useAudit(params: ParamsOf<typeof listAudit>) {
  return useQuery({
    queryKey: [...CONSOLE_SCOPE, 'audit', params],
    queryFn: () => call(listAudit, params),
    placeholderData: keepPreviousData,
  });
}
