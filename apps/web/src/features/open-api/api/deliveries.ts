import { useQuery } from '@tanstack/react-query';
import { listApiWebhookDeliveries } from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

/** One page of the account's webhook deliveries, each with its attempts. */
export const useWebhookDeliveries = (page: number, limit: number) =>
  useQuery({
    queryKey: [ACCOUNT_SCOPE, 'apiWebhooks', page, limit],
    queryFn: () => call(listApiWebhookDeliveries, { page, limit }),
  });
