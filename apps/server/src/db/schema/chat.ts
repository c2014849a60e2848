import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** A conversation of the chat assistant; its title comes from its first question. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * A question (role user) or an answer (role assistant). An answer holds its price under `jobKey`
 * from the send until its stream ends; status as CHAT_STATUS (1 pending … 5 stopped).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 16 }).notNull(),
    content: text('content').notNull().default(''),
    reasoning: text('reasoning').notNull().default(''),
    /** v3 | r1 */
    model: varchar('model', { length: 8 }).notNull(),
    status: integer('status').notNull().default(3),
    jobKey: varchar('job_key', { length: 64 }),
    creditsCharged: integer('credits_charged').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_status_idx').on(t.status, t.updatedAt),
  ],
);

/** Texts the user keeps: saved chat answers, scripts; listed by GET /api/text/analyse. */
export const textMaterials = pgTable(
  'text_materials',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    source: varchar('source', { length: 16 }).notNull().default(''),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('text_materials_user_idx').on(t.userId, t.id)],
);
