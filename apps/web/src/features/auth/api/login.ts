import { useMutation } from '@tanstack/react-query';
import { accountMessages, login, loginRefusal, type ParamsOf } from '@app/contract';
import { ApiError, call } from '../../../lib/api';
import { saveToken } from '../../../lib/session';

export type LoginParams = ParamsOf<typeof login>;

/** True when the server refused because the image code is now required. */
export function needsImageCode(error: unknown): boolean {
  return error instanceof ApiError && loginRefusal.safeParse(error.data).success;
}

export function useLogin() {
  return useMutation({
    mutationFn: (params: LoginParams) => call(login, params, { success: accountMessages.loginDone }),
    onSuccess: ({ token }) => saveToken(token),
  });
}
