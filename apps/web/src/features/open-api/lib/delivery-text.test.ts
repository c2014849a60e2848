import { describe, expect, it } from 'vitest';
import { attemptOk, attemptText, deliveryStatus } from './delivery-text';
import { openApiText as m } from '../messages';

describe('webhook delivery lines', () => {
  const at = '2026-11-28 12:00:00';
  it('shows a receiver’s answer by its HTTP status and a missing one by its reason', () => {
    expect(attemptText({ create_time: at, http_status: 500, error: '', duration_ms: 12 })).toBe(
      `${at}  HTTP 500  12 ms`,
    );
    const refused = { create_time: at, http_status: null, error: m.attemptRefusedAddress, duration_ms: 3 };
    expect(attemptText(refused)).toBe(`${at}  ${m.attemptRefusedAddress}  3 ms`);
    expect(attemptOk(refused)).toBe(false);
    expect(attemptOk({ create_time: at, http_status: 204, error: '', duration_ms: 1 })).toBe(true);
    expect(attemptOk({ create_time: at, http_status: 302, error: '', duration_ms: 1 })).toBe(false);
  });

  it('names every status in Chinese', () => {
    expect(Object.values(deliveryStatus).map((s) => s.text)).toEqual([
      m.deliveryPending,
      m.deliveryDelivered,
      m.deliveryFailed,
      m.deliveryCancelled,
    ]);
  });
});
