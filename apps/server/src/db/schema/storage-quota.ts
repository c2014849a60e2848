import { bigint, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns of an account row that the storage quota keeps: the GB bought and the bytes used. The
 * row and its DDL are the accounts module's `users`; this is the quota's own handle on it (left out of
 * the schema index, so migrations see `users` once).
 */
export const storageAccounts = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Extra storage bought with credits, in GB. */
  storageExtraGb: integer('storage_extra_gb').notNull().default(0),
  /** Bytes held by the user's live files; kept in step with the files table. */
  storageUsedBytes: bigint('storage_used_bytes', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
