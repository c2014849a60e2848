import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveMaterial } from '@app/contract';
import { call } from '../../../lib/api';

/** Saves a registered upload into the library under a name. */
export const saveUpload = (fileId: number, name: string) =>
  call(saveMaterial, { file_id: fileId, name }, { quiet: true });

export function useRenameMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => call(saveMaterial, { id, name }, { success: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['materials'] }),
  });
}
