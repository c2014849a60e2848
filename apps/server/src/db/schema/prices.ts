import { integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Prices the operator sets in the console for producers without a channel table of their own (AI
 * pictures, AI videos per mode and length, chat answers per model, viral analysis): one row per
 * (kind, api). A missing row means the product's default price; a row, once written, wins.
 */
export const priceItems = pgTable(
  'price_items',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    api: varchar('api', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    credits: integer('credits').notNull(),
    enabled: smallint('enabled').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.api] })],
);
