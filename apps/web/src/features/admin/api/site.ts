import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteConsoleNotice,
  getConsoleSite,
  listConsoleNotices,
  publishConsoleNotice,
  saveConsoleNotice,
  saveConsoleSite,
  saveConsoleSiteText,
  type ParamsOf,
} from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const scope = [ACCOUNT_SCOPE, 'console', 'site'] as const;
/** The key the shell, home and login page read the public settings under. */
const PUBLIC_SITE_KEY = ['site', 'settings'] as const;

export function useConsoleSite() {
  return useQuery({ queryKey: scope, queryFn: () => call(getConsoleSite, {}) });
}

/** After a save the whole app shows the new title, logo and footer at once. */
export function useSaveSite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof saveConsoleSite>) => call(saveConsoleSite, p, { success: true }),
    onSuccess: (data) => {
      qc.setQueryData(scope, data);
      return qc.invalidateQueries({ queryKey: PUBLIC_SITE_KEY });
    },
  });
}

export function useSaveSiteText() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof saveConsoleSiteText>) => call(saveConsoleSiteText, p, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scope }),
  });
}

const noticesKey = [ACCOUNT_SCOPE, 'console', 'notices'] as const;

export function useConsoleNotices() {
  return useQuery({ queryKey: noticesKey, queryFn: () => call(listConsoleNotices, {}) });
}

function useNoticeChange<P, R>(run: (p: P) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => qc.invalidateQueries({ queryKey: noticesKey }) });
}

export const useSaveNotice = () =>
  useNoticeChange((p: ParamsOf<typeof saveConsoleNotice>) => call(saveConsoleNotice, p, { success: true }));
export const usePublishNotice = () =>
  useNoticeChange((p: ParamsOf<typeof publishConsoleNotice>) => call(publishConsoleNotice, p, { success: true }));
export const useDeleteNotice = () =>
  useNoticeChange((p: ParamsOf<typeof deleteConsoleNotice>) => call(deleteConsoleNotice, p, { success: true }));
