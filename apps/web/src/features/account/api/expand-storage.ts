import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, expandStorage } from '@app/contract';
import { refreshAccount, setStorageSpace } from '../../../entities/account';
import { call } from '../../../lib/api';

/** Spends credits for more storage; the server's msg (兑换成功) is shown. */
export function useExpandStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(expandStorage, {}, { success: accountMessages.redeemed }),
    onSuccess: async (space) => {
      setStorageSpace(queryClient, space);
      await refreshAccount(queryClient);
    },
  });
}
