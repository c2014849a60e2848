import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { works } from './works.js';

/**
 * One scene of a multi-scene work (the work row of kind `multi` holds the bill). Each scene is
 * rendered by its own job; its clip is kept here until the join job merges the clips. status 1
 * queued, 2 rendering, 3 done, 4 failed. A video work's scenes take their engine's render slots beside the works.
 */
export const multiScenes = pgTable(
  'multi_scenes',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    /** 0-based place in the list as the user built it. */
    position: smallint('position').notNull(),
    /** 'text' (speech synthesized in voiceId) or 'audio' (the user's upload fileId). */
    type: varchar('type', { length: 8 }).notNull(),
    avatarId: integer('avatar_id'),
    /**
     * A scene whose presenter is a person photo (instead of an avatar): the library entry, its picture
     * as it was on submit, the photo channel it renders on and that channel's price per second.
     */
    photoId: integer('photo_id'),
    imageKey: varchar('image_key', { length: 512 }),
    photoChannel: varchar('photo_channel', { length: 32 }),
    creditsPerSecond: integer('credits_per_second'),
    /**
     * The backdrop behind this scene's (screen-recorded) presenter when the order gave each scene its own
     * (as the work's params' backdrop is shaped); null: the work's one backdrop, or none.
     */
    backdrop: jsonb('backdrop').$type<Record<string, string | number | null>>(),
    /** A remote engine's task for the scene, once accepted: followed after a restart, never started twice. */
    engineTaskId: varchar('engine_task_id', { length: 128 }),
    voiceId: integer('voice_id'),
    fileId: integer('file_id'),
    script: text('script').notNull().default(''),
    rate: real('rate').notNull().default(1),
    volume: real('volume').notNull().default(1),
    pitch: real('pitch').notNull().default(1),
    estimateSeconds: doublePrecision('estimate_seconds').notNull().default(0),
    status: smallint('status').notNull().default(1),
    /** The avatar (or photo) engine whose render slots the scene takes (as works do); '' for an audio-only work's scenes. */
    engine: varchar('engine', { length: 16 }).notNull().default(''),
    /** The queue job rendering the scene, and how long its slot is held (renewed while it runs). */
    renderJob: varchar('render_job', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    failReason: text('fail_reason').notNull().default(''),
    /** The scene's clip (mp4, or m4a for an audio-only work) and its cover, once rendered. */
    clipKey: varchar('clip_key', { length: 512 }),
    coverKey: varchar('cover_key', { length: 512 }),
    duration: doublePrecision('duration').notNull().default(0),
    /** The clip's streams as probed when it landed (size, rate, codecs): the join compares them without probing again. */
    format: jsonb('format').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('multi_scenes_work_position_idx').on(t.workId, t.position),
    index('multi_scenes_status_idx').on(t.status),
    index('multi_scenes_engine_idx').on(t.engine, t.status),
  ],
);
