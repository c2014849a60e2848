import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AccountCredits } from '@app/contract';
import { useNavigate } from 'react-router-dom';
import { call } from '../../lib/api';
import { creditsCall } from '../../lib/first-paint-endpoints';
import { ACCOUNT_SCOPE } from '../../lib/query-client';
import { useAppStore } from '../../stores/app-store';

export const accountInfoKey = [ACCOUNT_SCOPE, 'credits'] as const;

/** Name, guest flag, VIP expiry and balance of the current account; a failed fetch leaves points at 0. */
export function useAccountInfo() {
  const setPoints = useAppStore((s) => s.setPoints);
  const query = useQuery({
    queryKey: accountInfoKey,
    queryFn: () => call(creditsCall, {}),
  });
  const credits = query.data?.credits ?? 0;
  useEffect(() => setPoints(credits), [credits, setPoints]);
  return query;
}

/** The balance changed on the server (credits reserved, spent or refunded): fetch it again. */
export const refreshBalance = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: accountInfoKey });

/** Everything of the account may have changed (redeemed credits, bought storage): fetch each list again. */
export const refreshAccount = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });

export function isGuest(info: AccountCredits | undefined): boolean {
  return !info || info.is_tourist === 1;
}

/** VIP is active while expire_time lies in the future. */
export function vipActive(info: AccountCredits | undefined, now: Date = new Date()): boolean {
  if (!info?.expire_time) return false;
  const until = new Date(info.expire_time.replace(' ', 'T'));
  return !Number.isNaN(until.getTime()) && until > now;
}

/** Guests are sent to redeem-code registration; registered users get the redeem dialog. */
export function useOpenRedeem(): () => void {
  const { data } = useAccountInfo();
  const navigate = useNavigate();
  const setRedeemOpen = useAppStore((s) => s.setRedeemOpen);
  return () => {
    if (isGuest(data)) void navigate('/login?state=2');
    else setRedeemOpen(true);
  };
}
