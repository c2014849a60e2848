import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWork, studioMessages } from '@app/contract';
import { call } from '../../../lib/api';
import { worksKey } from './list-works';

export function useDeleteWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteWork, { id }, { success: studioMessages.deleted }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: worksKey }),
  });
}
