import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { addSessionBus } from './tokens.js';

/**
 * Session changes over Redis pub/sub, beside PostgreSQL's LISTEN/NOTIFY: every announcement this
 * process makes is published on `channel` at once, and every one heard there is handed to `onChange`
 * (also where LISTEN does not reach, e.g. behind a transaction-pooling proxy). After a lost connection
 * what was published meanwhile is unknown, so `onChange('')` drops every cached session. Returns the stop.
 */
export async function redisSessionBus(
  redis: Redis,
  channel: string,
  onChange: (payload: string) => void,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const hearer = redis.duplicate();
  let connected = false;
  hearer.on('message', (heard: string, payload: string) => {
    if (heard === channel) onChange(payload);
  });
  hearer.on('ready', () => {
    if (connected) onChange('');
    connected = true;
  });
  hearer.on('error', (err: unknown) => log.warn({ err }, 'session changes over Redis: connection error'));
  // The queue of commands waits for the connection; Redis down at start-up only delays the subscription.
  await hearer
    .subscribe(channel)
    .catch((err: unknown) => log.warn({ err }, 'session changes over Redis: not subscribed'));
  const removeBus = addSessionBus((payload) => {
    redis.publish(channel, payload).catch((err: unknown) => log.warn({ err }, 'session change not published to Redis'));
  });
  return async () => {
    removeBus();
    await hearer.quit().catch(() => hearer.disconnect());
  };
}
