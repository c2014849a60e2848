import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteWork, studioMessages } from '@app/contract';
import { call } from '../../../lib/api';
import { refreshWorks } from '../../../entities/works';

export function useDeleteWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteWork, { id }, { success: studioMessages.deleted }),
    onSuccess: () => refreshWorks(queryClient),
  });
}
