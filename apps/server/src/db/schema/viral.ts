import { index, integer, jsonb, pgTable, real, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * An analysis of a viral video (爆款复刻) or of a pasted script: status as VIRAL_STATUS. A video's
 * analysis runs extract → transcribe → analyse; `extractionId` is the extraction record it made
 * (which bills itself), the transcription and the model call are held under `jobKey`.
 */
export const viralProjects = pgTable(
  'viral_projects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** video | text */
    source: varchar('source', { length: 8 }).notNull(),
    title: varchar('title', { length: 128 }).notNull().default(''),
    link: varchar('link', { length: 2048 }).notNull().default(''),
    status: integer('status').notNull().default(1),
    step: varchar('step', { length: 64 }).notNull().default(''),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    extractionId: integer('extraction_id'),
    fileId: integer('file_id'),
    transcript: text('transcript').notNull().default(''),
    duration: real('duration').notNull().default(0),
    report: jsonb('report'),
    jobKey: varchar('job_key', { length: 64 }),
    creditsHeld: integer('credits_held').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('viral_projects_user_idx').on(t.userId, t.id), index('viral_projects_status_idx').on(t.status)],
);

/** Everything the viral tools generated for a user (copy, mimic scripts, topics, account reports): the trace. */
export const viralCopies = pgTable(
  'viral_copies',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** COPY_KINDS */
    kind: varchar('kind', { length: 16 }).notNull(),
    projectId: integer('project_id'),
    topic: varchar('topic', { length: 255 }).notNull().default(''),
    style: varchar('style', { length: 32 }).notNull().default(''),
    input: text('input').notNull().default(''),
    content: text('content').notNull(),
    /** Structured result (beats, topics, report) where the kind has one. */
    data: jsonb('data'),
    creditsCharged: integer('credits_charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('viral_copies_user_idx').on(t.userId, t.id)],
);

/** A one-click viral video run: the generated scenes (editable while a draft), then the work it became. */
export const viralRuns = pgTable(
  'viral_runs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: varchar('topic', { length: 255 }).notNull(),
    style: varchar('style', { length: 32 }).notNull().default(''),
    api: varchar('api', { length: 32 }).notNull().default(''),
    scenes: jsonb('scenes').notNull(),
    status: integer('status').notNull().default(1),
    workId: integer('work_id'),
    creditsCharged: integer('credits_charged').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('viral_runs_user_idx').on(t.userId, t.id)],
);
