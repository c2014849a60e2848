import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePhoto, savePhoto } from '@app/contract';
import { refreshPhotos, type PhotoType } from '../../../entities/photos';
import { call } from '../../../lib/api';

/** Adds a registered image to the caller's library of that type; the lists refresh. */
export function useSavePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: { name: string; fileId: number; type: PhotoType }) =>
      call(savePhoto, { name: p.name, file_id: p.fileId, type: String(p.type) }, { success: true }),
    onSuccess: () => refreshPhotos(queryClient),
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deletePhoto, { id }, { success: true }),
    onSuccess: () => refreshPhotos(queryClient),
  });
}
