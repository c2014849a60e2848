import { useMutation } from '@tanstack/react-query';
import { accountMessages, redeemCode } from '@app/contract';
import { call } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { saveToken } from '../../../lib/session';

export interface RegistrationParams {
  username: string;
  password: string;
  code: string;
}

/** Redeem-code registration; a guest token sent along turns that guest into the new account. */
export function useRegisterWithCode() {
  return useMutation({
    mutationFn: (params: RegistrationParams) => call(redeemCode, { ...params, client: 'pc' }),
    onSuccess: ({ credits, token }) => {
      if (token) saveToken(token);
      feedback.success(accountMessages.redeemedCredits(credits) + accountMessages.registeredSuffix);
    },
  });
}
