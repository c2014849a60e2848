import { boolean, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One row per setting; missing keys take their default. */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Operator-written HTML pages: the three agreements, the credit rules and the usage guide. */
export const siteTexts = pgTable('site_texts', {
  key: varchar('key', { length: 32 }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 200 }).notNull(),
  description: varchar('description', { length: 500 }).notNull().default(''),
  content: text('content').notNull(),
  /** Only published notices reach the notice centre; the operator drafts and withdraws with this. */
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** First-start content written once: a row here means "done", even if the operator later deletes it. */
export const seedMarks = pgTable('seed_marks', {
  name: varchar('name', { length: 64 }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * AI-writing topics (spec 001 §3) the studio offers as chips: a topic and its sub-topics, in `sort`
 * order. Seeded once; the operator edits the rows.
 */
export const writeTopics = pgTable('write_topics', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  subTopics: jsonb('sub_topics').$type<string[]>().notNull(),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
});
