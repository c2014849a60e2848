import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMaterial } from '@app/contract';
import { refreshStorage } from '../../../entities/account';
import { refreshMaterials } from '../../../entities/materials';
import { call } from '../../../lib/api';

/** Deletes a material; the server removes the object and frees the storage it used. */
export function useDeleteMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteMaterial, { id }, { success: true }),
    onSuccess: () => Promise.all([refreshMaterials(queryClient), refreshStorage(queryClient)]),
  });
}
