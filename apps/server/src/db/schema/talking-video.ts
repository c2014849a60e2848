import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { works } from './works.js';

/** A video channel of the studio; names and prices live here so operators can change them. */
export const videoChannels = pgTable('video_channels', {
  api: varchar('api', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  desc: text('desc').notNull().default(''),
  versionName: varchar('version_name', { length: 32 }).notNull().default(''),
  /** Credits per second of finished video. */
  credits: integer('credits').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});

/**
 * One chunk of a long talking video: a range of its output frames, rendered by its own job on the
 * work's engine (its slots taken beside the works), stored, then joined with the others by stream copy
 * under the work's whole speech. status 1 queued, 2 rendering, 3 done, 4 failed (as works).
 */
export const talkingChunks = pgTable(
  'talking_chunks',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    /** 0-based place in the video. */
    position: smallint('position').notNull(),
    /** The chunk's first output frame and how many it renders (the chunks' frames sum to the whole video's). */
    startFrame: integer('start_frame').notNull(),
    frames: integer('frames').notNull(),
    status: smallint('status').notNull().default(1),
    engine: varchar('engine', { length: 16 }).notNull().default(''),
    /** The queue job rendering the chunk, and how long its slot is held (renewed while it runs). */
    renderJob: varchar('render_job', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** 0..100 of the chunk's own render. */
    progress: smallint('progress').notNull().default(0),
    /** Renders of this chunk that failed; past the job's retries the work fails. */
    failures: smallint('failures').notNull().default(0),
    clipKey: varchar('clip_key', { length: 512 }),
    /** The work's submit time, so that its chunks keep its place in the engine's line. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('talking_chunks_work_position_idx').on(t.workId, t.position),
    index('talking_chunks_engine_idx').on(t.engine, t.status),
  ],
);
