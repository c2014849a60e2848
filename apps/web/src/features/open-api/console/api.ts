import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleApiAccess,
  listConsoleApiKeys,
  revokeConsoleApiKey,
  setApiSiteSwitch,
  setApiUserSwitch,
  type ParamsOf,
} from '@app/contract';
import { call } from '../../../lib/api';
import { CONSOLE_SCOPE } from '../../../components/admin-layout';

const key = [...CONSOLE_SCOPE, 'openApi'] as const;

export function useConsoleApiKeys(params: ParamsOf<typeof listConsoleApiKeys>) {
  return useQuery({
    queryKey: [...key, 'keys', params],
    queryFn: () => call(listConsoleApiKeys, params),
    placeholderData: keepPreviousData,
  });
}

export const useConsoleApiAccess = () =>
  useQuery({ queryKey: [...key, 'access'], queryFn: () => call(consoleApiAccess, {}) });

/** Every change refreshes the keys and the switches. */
function useChange<P>(run: (p: P) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export const useRevokeKey = () => useChange((id: number) => call(revokeConsoleApiKey, { id }, { success: true }));
export const useSiteSwitch = () =>
  useChange((on: boolean) => call(setApiSiteSwitch, { enabled: on ? '1' : '0' }, { success: true }));
export const useUserSwitch = () =>
  useChange((p: ParamsOf<typeof setApiUserSwitch>) => call(setApiUserSwitch, p, { success: true }));
