import {
  bigint,
  boolean,
  doublePrecision,
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

/**
 * One AI picture or video order ('image' | 'video'): what was asked (params), where it runs (channel,
 * engine, task), its slot (status 1 waiting, 2 running; render_job, lease_until), its outcome (3 done
 * with stored result keys, 4 failed with a reason) and its bill.
 */
export const aiMediaRecords = pgTable(
  'ai_media_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** 'text' or 'image' (the source of a video; pictures are always 'text'). */
    type: varchar('type', { length: 8 }).notNull().default('text'),
    status: smallint('status').notNull().default(1),
    channel: varchar('channel', { length: 32 }).notNull(),
    engine: varchar('engine', { length: 64 }).notNull(),
    engineTaskId: varchar('engine_task_id', { length: 128 }).notNull().default(''),
    renderJob: varchar('render_job', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    progress: integer('progress').notNull().default(0),
    /** The order as submitted (prompt, ratio, count, mode, input picture keys, org_data). */
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    /** Stored results: the pictures, or the one video. */
    resultKeys: jsonb('result_keys').notNull().$type<string[]>().default([]),
    coverKey: varchar('cover_key', { length: 512 }).notNull().default(''),
    duration: doublePrecision('duration').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    creditsHeld: integer('credits_held').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    jobKey: varchar('job_key', { length: 64 }).notNull().unique(),
    /** Fingerprint of the order, so a double click makes one record. */
    submission: varchar('submission', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_media_records_user_idx').on(t.userId, t.kind, t.type, t.createdAt),
    index('ai_media_records_engine_idx').on(t.engine, t.status, t.createdAt),
  ],
);

/**
 * Recommended prompts, operator-editable: 'image' (text-to-image), 'text' (text-to-video) and
 * 'image2video' (with a sample first frame and optional last frame, public storage keys).
 */
export const aiPrompts = pgTable('ai_prompts', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 16 }).notNull(),
  title: varchar('title', { length: 64 }).notNull(),
  content: text('content').notNull(),
  imageKey: varchar('image_key', { length: 512 }).notNull().default(''),
  imageTailKey: varchar('image_tail_key', { length: 512 }).notNull().default(''),
  alt: varchar('alt', { length: 128 }).notNull().default(''),
  seedKey: varchar('seed_key', { length: 64 }).unique(),
  sort: integer('sort').notNull().default(0),
  /** Hidden by the operator: kept, but no page offers it. */
  hidden: boolean('hidden').notNull().default(false),
});

/** Inspiration-word groups; is_multi 0 means one word of the group at a time. */
export const aiInspirationGroups = pgTable('ai_inspiration_groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  isMulti: smallint('is_multi').notNull().default(1),
  seedKey: varchar('seed_key', { length: 64 }).unique(),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
});

export const aiInspirationWords = pgTable('ai_inspiration_words', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id')
    .notNull()
    .references(() => aiInspirationGroups.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 32 }).notNull(),
  demoKey: varchar('demo_key', { length: 512 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
});

/** A user's own saved prompts (the my-presets tab). */
export const aiUserPrompts = pgTable(
  'ai_user_prompts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_user_prompts_user_idx').on(t.userId)],
);

/**
 * ComfyUI workflow templates ('text2image' | 'text2video' | 'image2video'): an API-format graph with
 * placeholders ({{prompt}}, {{negative_prompt}}, {{width}}, {{height}}, {{seed}}, {{image}}...), edited by the operator.
 */
export const aiWorkflows = pgTable('ai_workflows', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 16 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  graph: jsonb('graph').notNull().$type<Record<string, unknown>>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
