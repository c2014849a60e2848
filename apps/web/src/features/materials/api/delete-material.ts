import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMaterial } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** Deletes a material; the server removes the object and frees the storage it used. */
export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteMaterial, { id }, { success: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['materials'] }),
        queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] }),
      ]),
  });
}
