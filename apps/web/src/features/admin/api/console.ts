import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjustUserCredits,
  consoleSession,
  consoleUserDetail,
  createCodeBatch,
  exportCodeBatch,
  listAudit,
  listCodeBatches,
  listCodes,
  listConsoleUsers,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
  setUserVip,
  voidCodes,
  type ParamsOf,
} from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** Console data belongs to the logged-in account: it is dropped when the account changes. */
const scope = [ACCOUNT_SCOPE, 'console'] as const;

/** Who is at the console; a refusal (code 1) is shown by the layout itself. */
export function useConsoleSession() {
  return useQuery({
    queryKey: [...scope, 'session'],
    queryFn: () => call(consoleSession, {}, { quiet: true }),
    staleTime: 60_000,
  });
}

export function useConsoleUsers(params: ParamsOf<typeof listConsoleUsers>) {
  return useQuery({
    queryKey: [...scope, 'users', params],
    queryFn: () => call(listConsoleUsers, params),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: [...scope, 'users', 'detail', id],
    queryFn: () => call(consoleUserDetail, { id: id! }),
    enabled: id !== null,
  });
}

/** Every change to an account refreshes the list and the open detail. */
function useUserChange<P, R>(run: (p: P) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...scope, 'users'] }),
  });
}

export const useAdjustCredits = () =>
  useUserChange((p: ParamsOf<typeof adjustUserCredits>) => call(adjustUserCredits, p, { success: true }));
export const useSetVip = () =>
  useUserChange((p: ParamsOf<typeof setUserVip>) => call(setUserVip, p, { success: true }));
export const useResetPassword = () =>
  useUserChange((p: ParamsOf<typeof resetUserPassword>) => call(resetUserPassword, p, { success: true }));
export const useSetDisabled = () =>
  useUserChange((p: ParamsOf<typeof setUserDisabled>) => call(setUserDisabled, p, { success: true }));
export const useSetRole = () =>
  useUserChange((p: ParamsOf<typeof setUserRole>) => call(setUserRole, p, { success: true }));

export function useCodeBatches() {
  return useQuery({ queryKey: [...scope, 'codes', 'batches'], queryFn: () => call(listCodeBatches, {}) });
}

export function useCodes(params: ParamsOf<typeof listCodes>) {
  return useQuery({
    queryKey: [...scope, 'codes', 'list', params],
    queryFn: () => call(listCodes, params),
    placeholderData: keepPreviousData,
  });
}

function useCodeChange<P, R>(run: (p: P) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: [...scope, 'codes'] }) });
}

export const useCreateCodes = () =>
  useCodeChange((p: ParamsOf<typeof createCodeBatch>) => call(createCodeBatch, p, { success: true }));
export const useVoidCodes = () =>
  useCodeChange((p: ParamsOf<typeof voidCodes>) => call(voidCodes, p, { success: true }));

/** Fetches a batch as CSV and hands it to the browser as a download. */
export async function downloadBatchCsv(batch: string): Promise<void> {
  const { filename, csv } = await call(exportCodeBatch, { batch });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useAudit(params: ParamsOf<typeof listAudit>) {
  return useQuery({
    queryKey: [...scope, 'audit', params],
    queryFn: () => call(listAudit, params),
    placeholderData: keepPreviousData,
  });
}
