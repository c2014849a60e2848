import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
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

/** A user's live configuration: who speaks, in which voice, from which source, and its published widget. */
export const liveConfigs = pgTable(
  'live_configs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    avatarId: integer('avatar_id').notNull(),
    voiceId: integer('voice_id').notNull(),
    /** 1 the Q&A library, 2 the chat model. */
    source: smallint('source').notNull(),
    persona: text('persona').notNull().default(''),
    greeting: varchar('greeting', { length: 200 }).notNull().default(''),
    /** The widget's public key, made when it is first published. */
    embedKey: varchar('embed_key', { length: 64 }).unique(),
    embedEnabled: boolean('embed_enabled').notNull().default(false),
    /** The sites (scheme://host[:port]) that may embed the widget. */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_configs_user_idx').on(t.userId, t.id)],
);

/**
 * One live session: who pays (the configuration's owner for a widget), its minutes reserved and
 * settled one by one (hold key `live:<id>:<minute>`), and how it ended.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    configId: integer('config_id').notNull(),
    /** 'web' (the owner's live page) or 'embed' (a published widget). */
    via: varchar('via', { length: 8 }).notNull(),
    /** 'open' or 'ended'. */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    pricePerMinute: integer('price_per_minute').notNull(),
    maxMinutes: integer('max_minutes').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
    minutesCharged: integer('minutes_charged').notNull().default(1),
    /** The last minute (1-based) in which an answer was given; 0 none. */
    answeredMinute: integer('answered_minute').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: 'user', 'max', 'idle'. */
    endReason: varchar('end_reason', { length: 8 }),
    /** Credits its minutes cost once ended (answers of the chat model are charged apart). */
    credits: integer('credits').notNull().default(0),
    /**
     * Raised by every new question and every stop: an answer began at the value it raised, and any process
     * speaking an answer of a lower value stops it when it hears the new one (see LiveSessions.stopAnswer).
     */
    stopEpoch: integer('stop_epoch').notNull().default(0),
  },
  (t) => [
    index('live_sessions_open_idx').on(t.status, t.lastBeatAt),
    index('live_sessions_user_idx').on(t.userId, t.status),
    index('live_sessions_config_idx').on(t.configId, t.status),
  ],
);

/** The operator's rules of live sessions (one row). */
export const liveSettingsRow = pgTable('live_settings', {
  id: smallint('id').primaryKey(),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One answer a session gave: the question, what was spoken, where it came from, and for the chat
 * model the hold of its price (`job_key`), closed with the row: kept when something was said, returned otherwise.
 */
export const liveAnswers = pgTable(
  'live_answers',
  {
    id: serial('id').primaryKey(),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: varchar('question', { length: 500 }).notNull(),
    answer: text('answer').notNull().default(''),
    /** 'qa', 'fallback', 'chat' or 'greeting'. */
    source: varchar('source', { length: 10 }).notNull(),
    qaId: integer('qa_id'),
    /** 'open' while it is spoken, then 'done', 'stopped' or 'failed'. */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    jobKey: varchar('job_key', { length: 80 }),
    credits: integer('credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('live_answers_session_idx').on(t.sessionId, t.id),
    index('live_answers_open_idx').on(t.status, t.createdAt),
  ],
);
