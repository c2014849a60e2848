import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every API process (guest creations, login failures, paid calls).
 * A key's window starts at its first hit; a hit after `expires_at` starts a new window.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    /** `<limit name>:<subject>`, e.g. `guest:203.0.113.5`. */
    key: varchar('key', { length: 160 }).primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_expires_at_idx').on(t.expiresAt)],
);
