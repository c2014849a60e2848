import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages, redeemCode } from '@app/contract';
import { refreshAccount } from '../../../entities/account';
import { call } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';

export const redeemForAccount = (code: string) => call(redeemCode, { code });

/** Redeem for the logged-in account; the balance and log refresh afterwards. */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemForAccount,
    onSuccess: async ({ credits }) => {
      feedback.success(accountMessages.redeemedCredits(credits));
      await refreshAccount(queryClient);
    },
  });
}
