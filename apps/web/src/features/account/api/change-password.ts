import { useMutation } from '@tanstack/react-query';
import { accountMessages, changePassword, type ParamsOf } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { call } from '../../../lib/api';
import { clearToken, currentRoute, loginRoute } from '../../../lib/session';

/** On success (操作成功！) every token is revoked, so the user logs in again, then comes back here. */
export function useChangePassword() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (params: ParamsOf<typeof changePassword>) =>
      call(changePassword, params, { success: accountMessages.operationDone }),
    onSuccess: () => {
      void navigate(loginRoute(currentRoute()));
      clearToken();
    },
  });
}
