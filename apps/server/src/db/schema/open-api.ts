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
export const apiVideos = pgTable('api_videos', {
  workId: integer('work_id')
    .primaryKey()
    .references(() => works.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  keyId: integer('key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  callbackId: varchar('callback_id', { length: 255 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
