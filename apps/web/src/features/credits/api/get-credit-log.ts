import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCreditLog, type CreditExpiryRecord, type CreditUsageRecord, type ParamsOf } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

export type CreditLogQuery = ParamsOf<typeof getCreditLog>;
export const creditLogKey = [ACCOUNT_SCOPE, 'creditsLog'] as const;

const isUsage = (row: CreditUsageRecord | CreditExpiryRecord): row is CreditUsageRecord => 'action_name' in row;

export async function fetchCreditUsage(query: CreditLogQuery) {
  const { list, total } = await call(getCreditLog, { ...query, type: 'usage' });
  return { list: list.filter(isUsage), total };
}

export async function fetchCreditExpiry() {
  // The spec asks for up to 999 batches at once.
  const { list, total } = await call(getCreditLog, {
    page: 1,
    limit: 999,
    type: 'expiry',
  });
  return {
    list: list.filter((row): row is CreditExpiryRecord => !isUsage(row)),
    total,
  };
}

export function useCreditUsage(query: CreditLogQuery) {
  return useQuery({
    queryKey: [...creditLogKey, 'usage', query],
    queryFn: () => fetchCreditUsage(query),
    placeholderData: keepPreviousData,
  });
}

export function useCreditExpiry() {
  return useQuery({
    queryKey: [...creditLogKey, 'expiry'],
    queryFn: fetchCreditExpiry,
  });
}
