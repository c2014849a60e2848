import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { works } from './works.js';

/**
 * An API key: its owner spends their own credits through it. Only the SHA-256 of the key is kept;
 * `prefix` (its first characters) tells keys apart in lists. A revoked key stays listed in the console.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, so a busy key does not write on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'user' or 'operator'. */
    revokedBy: varchar('revoked_by', { length: 16 }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.id)],
);

/** Accounts whose API the operator switched off: their keys are refused while the row exists. */
export const apiUserBlocks = pgTable('api_user_blocks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The site's switch of the whole API: one row, written at first start. */
export const apiSiteState = pgTable(
  'api_site_state',
  {
    id: smallint('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('api_site_state_one_row', sql`${t.id} = 1`)],
);

/** A video ordered through the API: which key ordered it and the caller's own `callback_id`. */
export const apiVideos = pgTable(
  'api_videos',
  {
    workId: integer('work_id')
      .primaryKey()
      .references(() => works.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyId: integer('key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    callbackId: varchar('callback_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the video's end was turned into webhook deliveries (once); null while that is still to do. */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
  },
  (t) => [
    index('api_videos_unannounced_idx')
      .on(t.createdAt)
      .where(sql`${t.announcedAt} is null`),
  ],
);

/**
 * One `Idempotency-Key` of an account: the request it first came with (a hash of the call and its
 * body) and, once answered, the answer every repeat gets for 24 hours. `workId` is written in the
 * transaction that made the video, so a repeat after a crash still finds it.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** SHA-256 of the call and its body; null until an upload's body has been read. */
    requestHash: varchar('request_hash', { length: 64 }),
    workId: integer('work_id'),
    /** The answer once given: its HTTP status and body. */
    status: smallint('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_idempotency_key_idx').on(t.userId, t.key),
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
);

/**
 * Where an account wants its API videos' events POSTed: the URL (checked to be public when added and
 * on every delivery), the events it listens to and the secret its deliveries are signed with. A
 * deleted endpoint keeps its row (its deliveries stay listed) and receives nothing more.
 */
export const apiWebhookEndpoints = pgTable(
  'api_webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: varchar('secret', { length: 64 }).notNull(),
    /** The secret before the last rotation: it signs deliveries too until `previousSecretUntil`. */
    previousSecret: varchar('previous_secret', { length: 64 }),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('api_webhook_endpoints_user_idx').on(t.userId, t.id)],
);

/**
 * One event for one endpoint: what is sent (`eventData`, the video's link added fresh at each
 * attempt), and where its delivery stands: pending (due at `nextAttemptAt`; `leaseUntil` while an
 * attempt is under way), delivered (the receiver answered 2xx: never sent again), failed (every
 * retry used) or cancelled (the endpoint was deleted first).
 */
export const apiWebhookDeliveries = pgTable(
  'api_webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => apiWebhookEndpoints.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: integer('work_id').notNull(),
    eventType: varchar('event_type', { length: 64 }).notNull(),
    eventData: jsonb('event_data').$type<Record<string, string | null>>().notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_webhook_deliveries_event_idx').on(t.endpointId, t.workId, t.eventType),
    index('api_webhook_deliveries_user_idx').on(t.userId, t.id),
    index('api_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** One POST of a delivery: the receiver's HTTP status, or why there was none (refused address, timeout). */
export const apiWebhookAttempts = pgTable(
  'api_webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => apiWebhookDeliveries.id, { onDelete: 'cascade' }),
    httpStatus: smallint('http_status'),
    error: varchar('error', { length: 255 }),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
