import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteLiveQa, listLiveQas, saveLiveFallback, saveLiveQa } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

export const liveScope = [ACCOUNT_SCOPE, 'live'] as const;
const qaKey = [...liveScope, 'qa'] as const;

/** The whole Q&A library (it is small: a shop's questions) and its fallback answer. */
export function useLiveQas() {
  return useQuery({ queryKey: qaKey, queryFn: () => call(listLiveQas, { page: 1, limit: 99999 }) });
}

export function useSaveLiveQa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id?: number; questions: string; answer: string }) => call(saveLiveQa, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qaKey }),
  });
}

export function useDeleteLiveQa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteLiveQa, { id }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qaKey }),
  });
}

export function useSaveLiveFallback() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: string) => call(saveLiveFallback, { answer }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qaKey }),
  });
}
