import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveWork, studioMessages } from '@app/contract';
import { call } from '../../../lib/api';
import { refreshWorks } from '../../../entities/works';

export function useRenameWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(saveWork, { id, name }, { success: studioMessages.renamed }),
    onSuccess: () => refreshWorks(queryClient),
  });
}
