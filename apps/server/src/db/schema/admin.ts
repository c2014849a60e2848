import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** Every console action: who did what to which thing, with the state before and after; never updated. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the row still says who after the account is gone. */
    actorName: varchar('actor_name', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    /** What was acted on, e.g. `user:12` or `cdkeys:2026-11 promo`. */
    target: varchar('target', { length: 128 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt), index('admin_audit_action_idx').on(t.action, t.createdAt)],
);

/**
 * Engine settings the console wrote: one row per environment variable name. Secret values are
 * AES-256-GCM ciphertext (`gcm1:` + base64 of iv, tag, ciphertext); others are kept as written.
 */
export const engineSettings = pgTable('engine_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  secret: boolean('secret').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
