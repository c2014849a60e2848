import { useQuery } from '@tanstack/react-query';
import { consoleSession, type Role } from '@app/contract';
import { call } from '../../lib/api';
import { ACCOUNT_SCOPE } from '../../lib/query-client';

/** Console data belongs to the logged-in account: it is dropped when the account changes. */
export const CONSOLE_SCOPE = [ACCOUNT_SCOPE, 'console'] as const;

/** Who is at the console; a refusal (code 1) is shown by the layout itself. */
export function useConsoleSession() {
  return useQuery({
    queryKey: [...CONSOLE_SCOPE, 'session'],
    queryFn: () => call(consoleSession, {}, { quiet: true }),
    staleTime: 60_000,
  });
}

/** The signed-in console user's role, for screens that offer admin-only actions. */
export function useConsoleRole(): Role | null {
  const session = useConsoleSession();
  return (session.data?.role as Role | undefined) ?? null;
}
