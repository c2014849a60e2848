import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveWork, type ParamsOf } from '@app/contract';
import { refreshBalance } from '../../../entities/account';
import { refreshWorks } from '../../../entities/works';
import { call } from '../../../lib/api';

export type WorkRequest = ParamsOf<typeof saveWork>;

/** Submit a talking-avatar video; the balance (credits reserved) and the works list refresh. */
export function useCreateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: WorkRequest) => call(saveWork, params),
    onSuccess: async () => {
      await Promise.all([refreshBalance(queryClient), refreshWorks(queryClient)]);
    },
  });
}
