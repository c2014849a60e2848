import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjustUserCredits,
  consoleUserDetail,
  listConsoleUsers,
  resetUserPassword,
  setUserDisabled,
  setUserRole,
  setUserVip,
  type ParamsOf,
} from '@app/contract';
import { call } from '../../../lib/api';
import { CONSOLE_SCOPE } from '../../../components/admin-layout';

const key = [...CONSOLE_SCOPE, 'users'] as const;

export function useConsoleUsers(params: ParamsOf<typeof listConsoleUsers>) {
  return useQuery({
    queryKey: [...key, params],
    queryFn: () => call(listConsoleUsers, params),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: [...key, 'detail', id],
    queryFn: () => call(consoleUserDetail, { id: id! }),
    enabled: id !== null,
  });
}

/** Every change to an account refreshes the list and the open detail. */
function useUserChange<P, R>(run: (p: P) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
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
