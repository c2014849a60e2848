import { useMutation } from '@tanstack/react-query';
import { logout } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { call } from '../../../lib/api';
import { clearToken } from '../../../lib/session';

/** Revoke the token on the server when it answers; the local token goes in any case. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(logout, {}, { quiet: true, success: true }).catch(() => null),
    onSettled: () => {
      void navigate('/login');
      clearToken();
    },
  });
}
