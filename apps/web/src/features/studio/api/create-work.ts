import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveWork, type ParamsOf } from '@app/contract';
import { accountInfoKey } from '../../../lib/account-info';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

export type WorkRequest = ParamsOf<typeof saveWork>;

/** Submit a talking-avatar video; the balance (credits reserved) and the works list refresh. */
export function useCreateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: WorkRequest) => call(saveWork, params),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountInfoKey });
      await queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE, 'works'] });
    },
  });
}
