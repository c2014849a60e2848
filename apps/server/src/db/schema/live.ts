import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** One entry of a user's live Q&A library: the ways a visitor may ask, and the answer spoken. */
export const liveQas = pgTable(
  'live_qas',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The question's variants, as the user wrote them (at least one). */
    questions: jsonb('questions').$type<string[]>().notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_qas_user_idx').on(t.userId, t.id)],
);

/** A user's answer when nothing in the library matches well enough. */
export const liveFallbacks = pgTable('live_fallbacks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answer: varchar('answer', { length: 500 }).notNull(),
});
