import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteVideoTranslate,
  listTranslateLanguages,
  listVideoTranslate,
  submitVideoTranslate,
  type ParamsOf,
} from '@app/contract';
import { refreshBalance } from '../../entities/account';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

/** While a translation runs its list is asked again this often. */
export const TRANSLATE_POLL_MS = 5000;

const scope = [ACCOUNT_SCOPE, 'videoTranslate'] as const;

export function useTranslateOptions() {
  return useQuery({ queryKey: ['translateLang'], queryFn: () => call(listTranslateLanguages, {}) });
}

export function useTranslations() {
  return useQuery({
    queryKey: [...scope, 'list'],
    queryFn: () => call(listVideoTranslate, { page: 1, limit: 9999 }),
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 1 || r.status === 2) ? TRANSLATE_POLL_MS : false),
  });
}

export function useSubmitTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof submitVideoTranslate>) => call(submitVideoTranslate, p, { success: true }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: scope }), refreshBalance(qc)]),
  });
}

export function useDeleteTranslation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteVideoTranslate, { id }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scope }),
  });
}
