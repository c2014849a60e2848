import {
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
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { files } from './files.js';

/** A voice channel as users see it: name, price and tips. Which engine speaks for it is configuration. */
export const voiceChannels = pgTable('voice_channels', {
  /** Channel key: local, fish, hs, xf, nw, mm, kyy. */
  api: varchar('api', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  description: text('description').notNull().default(''),
  versionName: varchar('version_name', { length: 16 }).notNull().default(''),
  /** Credits per clone once the free clones are used. */
  credits: integer('credits').notNull().default(0),
  freeTimes: integer('free_times').notNull().default(0),
  /** Re-trainings a new voice of this channel gets. */
  trainTimes: integer('train_times').notNull().default(0),
  uploadTips: varchar('upload_tips', { length: 255 }).notNull().default(''),
  /** Language codes the channel speaks. */
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});

/** The offline engine's measured profile, kept so synthesis needs no re-analysis. */
export interface StoredVoiceProfile {
  variant: string;
  basePitch: number;
  speed: number;
  gender: 'male' | 'female';
  medianF0: number;
  syllablesPerSecond: number;
  speechSeconds: number;
}

/** A voice: someone's clone (source 1) or a public voice everyone may use (source 2). */
export const voices = pgTable(
  'voices',
  {
    id: serial('id').primaryKey(),
    /** Null for public voices. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    source: smallint('source').notNull().default(1),
    name: varchar('name', { length: 64 }).notNull(),
    api: varchar('api', { length: 16 }).notNull(),
    voiceChannelName: varchar('voice_channel_name', { length: 64 }).notNull().default(''),
    versionName: varchar('version_name', { length: 16 }).notNull().default(''),
    /** 1 cloning, 2 ready, 3 failed. */
    generateStatus: smallint('generate_status').notNull().default(1),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    remainedTimes: integer('remained_times').notNull().default(0),
    rate: real('rate').notNull().default(1),
    volume: real('volume').notNull().default(1),
    pitch: real('pitch').notNull().default(1),
    /** 11 = the name is locked. */
    type: smallint('type').notNull().default(0),
    isConfirmed: smallint('is_confirmed').notNull().default(0),
    /** The recording it was (last) trained on. */
    sampleFileId: integer('sample_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** A clip spoken with this voice, for previews (public/ for public voices). */
    previewKey: varchar('preview_key', { length: 512 }).notNull().default(''),
    /** The engine's reference for this voice (provider id, or the local profile reference). */
    voiceRef: text('voice_ref').notNull().default(''),
    promptText: text('prompt_text').notNull().default(''),
    profile: jsonb('profile').$type<StoredVoiceProfile>(),
    /** Public seed voices are found again by this key. */
    seedKey: varchar('seed_key', { length: 64 }),
    /** Public items only: 1 = hidden from the public library by the operator. */
    hidden: smallint('hidden').notNull().default(0),
    /** Public items only: the operator's order in the public library (smaller first). */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voices_user_idx').on(t.userId, t.id),
    index('voices_source_idx').on(t.source, t.id),
    uniqueIndex('voices_seed_key_idx').on(t.seedKey),
  ],
);

/** One clone or re-training of a voice; its job key ties the queue job and the credit reservation together. */
export const voiceTrainings = pgTable(
  'voice_trainings',
  {
    id: serial('id').primaryKey(),
    voiceId: integer('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    api: varchar('api', { length: 16 }).notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    jobKey: varchar('job_key', { length: 64 }).notNull().unique(),
    /** 1 running, 2 done, 3 failed. */
    status: smallint('status').notNull().default(1),
    /** Used one of the channel's free clones instead of credits. */
    free: smallint('free').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    /** A re-training gives its remained time back when it fails. */
    retrain: smallint('retrain').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('voice_trainings_user_api_idx').on(t.userId, t.api)],
);

/** A trial synthesis; its id is the job_id the studio polls. */
export const voiceAuditions = pgTable(
  'voice_auditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voiceId: integer('voice_id')
      .notNull()
      .references(() => voices.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    rate: real('rate').notNull().default(1),
    volume: real('volume').notNull().default(1),
    pitch: real('pitch').notNull().default(1),
    language: varchar('language', { length: 16 }).notNull().default(''),
    emotion: varchar('emotion', { length: 16 }).notNull().default(''),
    /** 1 queued, 2 running, 3 done, 4 failed. */
    status: smallint('status').notNull().default(1),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    duration: real('duration').notNull().default(0),
    failReason: varchar('fail_reason', { length: 255 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_auditions_user_time_idx').on(t.userId, t.createdAt)],
);
