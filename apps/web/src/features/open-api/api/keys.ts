import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiKey, listApiKeys, revokeApiKey } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const keysKey = [ACCOUNT_SCOPE, 'apiKeys'] as const;

export const useApiKeys = () => useQuery({ queryKey: keysKey, queryFn: () => call(listApiKeys, {}) });

/** Makes a key; the reply (with the key itself) is handed to the caller, who shows it this once. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(createApiKey, { name }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(revokeApiKey, { id }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keysKey }),
  });
}
