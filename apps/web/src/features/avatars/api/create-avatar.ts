import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAvatar, studioMessages } from '@app/contract';
import { call } from '../../../lib/api';
import { refreshAvatars } from '../../../entities/avatars';

/** Start cloning an avatar from a registered video; the list shows it as processing. */
export function useCreateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; fileId: number }) =>
      call(createAvatar, { name: input.name, file_id: input.fileId }, { success: studioMessages.cloneStarted }),
    onSuccess: () => refreshAvatars(queryClient),
  });
}
