import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listEngineSettings, saveEngineSettings, testEngineConnection, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const key = [ACCOUNT_SCOPE, 'console', 'engines'] as const;

export function useEngineSettings() {
  return useQuery({ queryKey: key, queryFn: () => call(listEngineSettings, {}) });
}

export function useSaveEngine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: ParamsOf<typeof saveEngineSettings>) => call(saveEngineSettings, p, { success: true }),
    // Saved settings change which tools work: the screen's list and the users' tool states are read again.
    onSuccess: async (data) => {
      qc.setQueryData(key, (old: (typeof data & { tools?: unknown }) | undefined) =>
        old ? { ...old, list: data.list } : old,
      );
      await Promise.all([
        qc.invalidateQueries({ queryKey: key }),
        qc.invalidateQueries({ queryKey: ['site', 'settings'] }),
      ]);
    },
  });
}

export function useTestEngine() {
  return useMutation({
    mutationFn: (engine: ParamsOf<typeof testEngineConnection>['engine']) => call(testEngineConnection, { engine }),
  });
}
