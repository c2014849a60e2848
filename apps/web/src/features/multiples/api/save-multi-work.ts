import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveMultiWork, type ParamsOf } from '@app/contract';
import { refreshBalance } from '../../../entities/account';
import { refreshWorks } from '../../../entities/works';
import { call } from '../../../lib/api';

export type MultiWorkRequest = ParamsOf<typeof saveMultiWork>;

/** Submit a multi-scene work (POST /api/user/multiWorks); the balance (credits held) and the works list refresh. */
export function useSaveMultiWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: MultiWorkRequest) => call(saveMultiWork, params),
    onSuccess: async () => {
      await Promise.all([refreshBalance(queryClient), refreshWorks(queryClient)]);
    },
  });
}
