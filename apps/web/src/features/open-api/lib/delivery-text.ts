import type { ApiWebhookAttempt, ApiWebhookDeliveryRow } from '@app/contract';
import { openApiText as m } from '../messages';

/** How a delivery's status reads, and the colour of its tag. */
export const deliveryStatus: Record<ApiWebhookDeliveryRow['status'], { text: string; color: string }> = {
  pending: { text: m.deliveryPending, color: 'processing' },
  delivered: { text: m.deliveryDelivered, color: 'success' },
  failed: { text: m.deliveryFailed, color: 'error' },
  cancelled: { text: m.deliveryCancelled, color: 'default' },
};

/** One attempt in one line: the receiver's HTTP status, or why there was none, and how long it took. */
export const attemptText = (a: ApiWebhookAttempt): string =>
  `${a.create_time}  ${a.http_status === null ? a.error : `HTTP ${a.http_status}`}  ${a.duration_ms} ms`;

/** Whether an attempt was acknowledged (2xx). */
export const attemptOk = (a: ApiWebhookAttempt): boolean =>
  a.http_status !== null && a.http_status >= 200 && a.http_status < 300;
