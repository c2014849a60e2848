import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Signatures of writes already answered, kept until their timestamp leaves the signing window, so none is accepted twice. */
export const requestNonces = pgTable(
  'request_nonces',
  {
    /** sha256 of the call's method, path, token, timestamp and sign. */
    key: varchar('key', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_nonces_expires_at_idx').on(t.expiresAt)],
);
