import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addApiWebhookEndpoint,
  deleteApiWebhookEndpoint,
  listApiWebhookEndpoints,
  rotateApiWebhookSecret,
  type WebhookEvent,
} from '@app/contract';
import { call } from '../../../lib/api';
import { ACCOUNT_SCOPE } from '../../../lib/query-client';

const endpointsKey = [ACCOUNT_SCOPE, 'apiWebhookEndpoints'] as const;

export const useWebhookEndpoints = () =>
  useQuery({ queryKey: endpointsKey, queryFn: () => call(listApiWebhookEndpoints, {}) });

/** Adds an endpoint; the server checks the URL at once (public address, OPTIONS answered with 2xx). */
export function useAddWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { url: string; events: WebhookEvent[] }) =>
      call(addApiWebhookEndpoint, { url: v.url, events: v.events.join(',') }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteApiWebhookEndpoint, { id }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** Gives an endpoint a new secret; the reply (with it) is handed to the caller to show. */
export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(rotateApiWebhookSecret, { id }, { success: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: endpointsKey }),
  });
}
