import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, expandStorage } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';
import { storageSpaceKey } from './get-storage-space';

/** Spends credits for more storage; the server's msg (兑换成功) is shown. */
export function useExpandStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(expandStorage, {}, { success: accountMessages.redeemed }),
    onSuccess: async (space) => {
      queryClient.setQueryData(storageSpaceKey, space);
      await queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });
    },
  });
}
