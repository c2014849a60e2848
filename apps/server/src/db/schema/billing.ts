import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** A grant of credits that lapses at `expire_at`; spending takes from the batch that expires first. */
export const creditBatches = pgTable(
  'credit_batches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Credits granted. */
    credits: integer('credits').notNull(),
    /** Credits still usable; never below zero. */
    creditsLeft: integer('credits_left').notNull(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    /** Set by the expiry job once the remaining credits have been written off. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    actionName: varchar('action_name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_batches_left_range', sql`${t.creditsLeft} >= 0 and ${t.creditsLeft} <= ${t.credits}`),
    index('credit_batches_live_idx')
      .on(t.userId, t.expireAt)
      .where(sql`${t.expiredAt} is null`),
    index('credit_batches_due_idx')
      .on(t.expireAt)
      .where(sql`${t.expiredAt} is null`),
  ],
);

/** Every change of a balance, written in the same transaction as the change. */
export const creditLogs = pgTable(
  'credit_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionName: varchar('action_name', { length: 64 }).notNull(),
    /** Signed: + grant or return, − spending or expiry. */
    credits: integer('credits').notNull(),
    /** The paid job this row belongs to, when there is one. */
    jobKey: varchar('job_key', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_logs_user_idx').on(t.userId, t.createdAt)],
);

/** Which batches a hold took its credits from, so a settlement or refund returns them there. */
export interface ReservationSource {
  batchId: number;
  credits: number;
}

/** Credits held for a paid job, settled on the real amount or refunded; one row per job key. */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: serial('id').primaryKey(),
    jobKey: varchar('job_key', { length: 128 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionName: varchar('action_name', { length: 64 }).notNull(),
    held: integer('held').notNull(),
    /** Credits finally kept: 0 while held or after a refund. */
    charged: integer('charged').notNull().default(0),
    /** 'held', 'settled' or 'refunded'. */
    status: varchar('status', { length: 16 }).notNull().default('held'),
    sources: jsonb('sources').$type<ReservationSource[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('credit_reservations_user_idx').on(t.userId, t.createdAt)],
);

/** A redeem code: credits lasting `credit_days` (and optionally VIP days), usable once before `expires_at`. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull().unique(),
    credits: integer('credits').notNull(),
    creditDays: integer('credit_days').notNull(),
    vipDays: integer('vip_days').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** 'demo' for the code made at first start; '' otherwise. */
    note: varchar('note', { length: 32 }).notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The operator's label for the batch this code was made in; '' for codes made one by one. */
    batch: varchar('batch', { length: 64 }).notNull().default(''),
    /** Set when an operator voided the code before anyone used it. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('redeem_codes_note_idx').on(t.note), index('redeem_codes_batch_idx').on(t.batch, t.id)],
);

/**
 * The columns of an account row that billing keeps: VIP, and the row itself as the lock that serialises
 * every balance change of the account. The row and its DDL are the accounts module's `users`; this is
 * billing's own handle on it (left out of the schema index, so migrations see `users` once).
 */
export const billingAccounts = pgTable('users', {
  id: serial('id').primaryKey(),
  /** VIP is active while this is in the future. */
  vipExpireAt: timestamp('vip_expire_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
