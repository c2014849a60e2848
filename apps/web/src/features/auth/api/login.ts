import { useMutation, useQuery } from '@tanstack/react-query';
import { accountMessages, login, loginCaptcha, loginRefusal, type ParamsOf } from '@app/contract';
import { ApiError, call } from '../../../lib/api';
import { saveToken } from '../../../lib/session';

export type LoginParams = ParamsOf<typeof login>;

/** True when the server refused because the image code is now required (or a new one is needed). */
export function needsImageCode(error: unknown): boolean {
  return error instanceof ApiError && loginRefusal.safeParse(error.data).success;
}

export function useLogin() {
  return useMutation({
    mutationFn: (params: LoginParams) => call(login, params, { success: accountMessages.loginDone }),
    onSuccess: ({ token }) => saveToken(token),
  });
}

/** The server's image code, drawn once it is needed; each code answers one login, so refetch after every try. */
export function useLoginCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: ['login-captcha'],
    queryFn: () => call(loginCaptcha, {}),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
