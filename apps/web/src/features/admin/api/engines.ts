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
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}

export function useTestEngine() {
  return useMutation({
    mutationFn: (engine: ParamsOf<typeof testEngineConnection>['engine']) => call(testEngineConnection, { engine }),
  });
}
