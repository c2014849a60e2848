import { integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The demonstration producer's own table (its migration creates it): one card per work it makes. */
export const demoCards = pgTable('demo_cards', {
  id: serial('id').primaryKey(),
  /** The gallery's work the card became (works.id; the migration adds the foreign key). */
  workId: integer('work_id').notNull(),
  text: varchar('text', { length: 200 }).notNull(),
  hidden: smallint('hidden').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
