import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { voices } from './voices.js';

/** Per-engine data an avatar carries (e.g. a vendor's person id), keyed by engine id. */
export type AvatarEngineData = Record<string, Record<string, string | number | boolean>>;

/**
 * An avatar (digital human video): a user's clone (source 1) or a public actor (source 2, no owner).
 * status 1 processing, 2 ready, 3 failed; hs 1 landscape, 2 portrait.
 */
export const avatars = pgTable(
  'avatars',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    source: smallint('source').notNull().default(1),
    status: smallint('status').notNull().default(1),
    failReason: text('fail_reason').notNull().default(''),
    /** The registered upload it was cloned from (files table), when a user made it. */
    fileId: integer('file_id'),
    /** Storage key of the original video, as uploaded. */
    sourceKey: varchar('source_key', { length: 512 }).notNull(),
    sourceName: varchar('source_name', { length: 255 }).notNull().default(''),
    mezzanineKey: varchar('mezzanine_key', { length: 512 }),
    reversedKey: varchar('reversed_key', { length: 512 }),
    coverKey: varchar('cover_key', { length: 512 }),
    coverSmallKey: varchar('cover_small_key', { length: 512 }),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    duration: doublePrecision('duration').notNull().default(0),
    fps: integer('fps').notNull().default(0),
    frameCount: integer('frame_count').notNull().default(0),
    hs: smallint('hs').notNull().default(2),
    /** The screen it was recorded on ('green' | 'blue'), found at preparation; '' none. Without one, backdrops use a person matte. */
    screen: varchar('screen', { length: 8 }).notNull().default(''),
    /** The screen's own colour sampled from the footage (`#rrggbb`), what the key takes out; '' none. */
    screenColor: varchar('screen_color', { length: 7 }).notNull().default(''),
    /**
     * Storage key of the footage with its person matted onto green (the reversed copy beside it), made
     * the first time a backdrop is asked of an avatar not recorded on a screen; null until then.
     */
    matteKey: varchar('matte_key', { length: 512 }),
    /** Storage key of the cover's person cut out (a PNG with alpha) for backdrop previews; null for a screen or none. */
    cutoutKey: varchar('cutout_key', { length: 512 }),
    /**
     * Storage key of the live avatar's meta (its idle loop and mouth atlas beside it), made at
     * preparation or the first time the avatar is used live; null until then.
     */
    liveKey: varchar('live_key', { length: 512 }),
    engineData: jsonb('engine_data').$type<AvatarEngineData>().notNull().default({}),
    /** Bytes of the derived files counted against the owner's storage (added once, freed on delete). */
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    /** Demo actors made at first start carry a stable key so seeding stays idempotent. */
    seedKey: varchar('seed_key', { length: 64 }).unique(),
    /** The voice the actor speaks with by default (the demo actors' public voices); the studio picks it with the actor. */
    voiceId: integer('voice_id').references(() => voices.id, { onDelete: 'set null' }),
    /** Public items only: 1 = hidden from the public library by the operator. */
    hidden: smallint('hidden').notNull().default(0),
    /** Public items only: the operator's order in the public library (smaller first). */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('avatars_user_idx').on(t.userId, t.id),
    index('avatars_public_idx')
      .on(t.hs, t.id)
      .where(sql`${t.source} = 2`),
  ],
);
