import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAvatar, studioMessages } from '@app/contract';
import { call } from '../../../lib/api';
import { refreshAvatars } from '../../../entities/avatars';

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteAvatar, { id }, { success: studioMessages.deleted }),
    onSuccess: () => refreshAvatars(queryClient),
  });
}
