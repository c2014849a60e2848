import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveMaterial, type FileType } from '@app/contract';
import { refreshMaterials } from '../../../entities/materials';
import { call } from '../../../lib/api';

/**
 * Registers an object just posted to storage and saves it into the library under a name, in one
 * server step: if the save fails the server undoes the registration, so no file is left charged
 * against the quota that no list shows.
 */
export const saveUpload = (fileType: FileType, url: string, name: string) =>
  call(saveMaterial, { file_type: fileType, url, name }, { quiet: true });

export function useRenameMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => call(saveMaterial, { id, name }, { success: true }),
    onSuccess: () => refreshMaterials(queryClient),
  });
}
