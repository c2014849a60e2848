import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * A work: one result in the user's gallery, made by the producer its `kind` names (`talking`: a
 * talking-avatar video). status 1 queued, 2 rendering, 3 done, 4 failed. The row holds what the
 * gallery, the ledger and the engine slots read; what only the producer reads is in `params`, where
 * each step of its job writes its output before the next starts, so a resumed job skips it.
 */
export const works = pgTable(
  'works',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    status: smallint('status').notNull().default(1),
    failReason: text('fail_reason').notNull().default(''),
    channel: varchar('channel', { length: 16 }).notNull(),
    channelName: varchar('channel_name', { length: 64 }).notNull(),
    /** The engine (provider) behind the channel when submitted: render slots and queue positions are per engine. */
    engine: varchar('engine', { length: 16 }).notNull().default(''),
    /** A remote engine's task id (e.g. 蝉镜 video id), stored once accepted so a resumed job follows it. */
    engineTaskId: varchar('engine_task_id', { length: 128 }),
    /** The queue job that holds the render slot, so a duplicate job never renders the same work twice. */
    renderJob: varchar('render_job', { length: 64 }),
    /** The producer: 'talking' today; multi-scene, photo, translation… later. */
    kind: varchar('kind', { length: 16 }).notNull().default('talking'),
    /** The producer's own order and step outputs, typed by its module. `files` lists further stored keys the work owns. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    hs: smallint('hs').notNull().default(2),
    creditsHeld: integer('credits_held').notNull(),
    creditsCharged: integer('credits_charged').notNull().default(0),
    /** Ledger key of the reservation: one hold, one settlement or refund. */
    jobKey: varchar('job_key', { length: 64 }).notNull().unique(),
    /** Fingerprint of the submission that made the work: the same order sent again at once gets this work back. */
    submission: varchar('submission', { length: 64 }),
    videoKey: varchar('video_key', { length: 512 }),
    coverKey: varchar('cover_key', { length: 512 }),
    duration: doublePrecision('duration').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    /** The running job's liveness lease, renewed while it waits or renders; a render slot counts only while it holds. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    isMulti: smallint('is_multi').notNull().default(0),
    onlyAudio: smallint('only_audio').notNull().default(0),
    photoType: smallint('photo_type').notNull().default(0),
    type: varchar('type', { length: 16 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('works_user_idx').on(t.userId, t.id),
    index('works_submission_idx')
      .on(t.userId, t.submission, t.createdAt)
      .where(sql`${t.submission} is not null`),
    index('works_live_idx')
      .on(t.channel, t.status, t.id)
      .where(sql`${t.status} in (1, 2)`),
    index('works_engine_live_idx')
      .on(t.engine, t.status, t.createdAt, t.id)
      .where(sql`${t.status} in (1, 2)`),
    index('works_engine_task_idx')
      .on(t.engineTaskId)
      .where(sql`${t.engineTaskId} is not null`),
  ],
);
