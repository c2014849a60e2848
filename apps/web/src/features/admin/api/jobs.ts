import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleJobDetail, listConsoleJobs, refundConsoleJob, retryConsoleJob, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const key = [ACCOUNT_SCOPE, 'console', 'jobs'] as const;
type JobRef = ParamsOf<typeof consoleJobDetail>;

export function useConsoleJobs(params: ParamsOf<typeof listConsoleJobs>) {
  return useQuery({
    queryKey: [...key, 'list', params],
    queryFn: () => call(listConsoleJobs, params),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useJobDetail(ref: JobRef | null) {
  return useQuery({
    queryKey: [...key, 'detail', ref],
    queryFn: () => call(consoleJobDetail, ref!),
    enabled: ref !== null,
  });
}

function useJobChange<R>(run: (p: JobRef) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useRetryJob = () => useJobChange((p: JobRef) => call(retryConsoleJob, p, { success: true }));
export const useRefundJob = () => useJobChange((p: JobRef) => call(refundConsoleJob, p, { success: true }));
