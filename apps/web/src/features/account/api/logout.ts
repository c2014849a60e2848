import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { call } from '../../../lib/api';
import { logoutCall } from '../../../lib/first-paint-endpoints';
import { clearToken } from '../../../lib/session';

/** Revoke the token on the server when it answers; the local token goes in any case. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(logoutCall, {}, { quiet: true, success: true }).catch(() => null),
    onSettled: () => {
      void navigate('/login');
      clearToken();
    },
  });
}
