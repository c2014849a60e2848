import type { SpeechVoice } from '../../engines/speech/index.js';
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { voiceChannels, voices } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';
import { voicesRepo } from './repo.js';
import { speechVoiceOf } from './speech-voice.js';

/** A voice as the studio checks and speaks it; generate_status 1 training, 2 ready, 3 failed. */
export interface StudioVoice {
  id: number;
  /** Null for a public voice. */
  userId: number | null;
  generateStatus: number;
  /** Voice channel key: local, fish, hs, xf, nw, mm, kyy. */
  api: string;
  speech: SpeechVoice;
}

/** A voice as a listing outside the studio shows it (the open API's voice list). */
export interface ListedVoice {
  id: number;
  name: string;
  /** Null for a public voice. */
  userId: number | null;
  /** Its preview clip's stored key; '' when it has none. */
  previewKey: string;
  gender: 'male' | 'female' | '';
  /** Language codes its channel speaks. */
  languages: string[];
}

/** Voices as other modules read them. */
export const studioVoices = {
  async find(db: Db, voiceId: number): Promise<StudioVoice | null> {
    const v = await voicesRepo.byId(db, voiceId);
    if (!v) return null;
    return { id: v.id, userId: v.userId, generateStatus: v.generateStatus, api: v.api, speech: speechVoiceOf(v) };
  },
  /** The voices a user may speak with now: their own ready clones (newest first), then the public ones shown. */
  async listUsable(db: Db, userId: number): Promise<ListedVoice[]> {
    const rows = await db
      .select({
        id: voices.id,
        name: voices.name,
        userId: voices.userId,
        previewKey: voices.previewKey,
        profile: voices.profile,
        languages: voiceChannels.languages,
      })
      .from(voices)
      .leftJoin(voiceChannels, eq(voiceChannels.api, voices.api))
      .where(
        and(
          eq(voices.generateStatus, 2),
          or(
            and(eq(voices.source, 1), eq(voices.userId, userId)),
            and(eq(voices.source, 2), isNull(voices.userId), eq(voices.hidden, 0)),
          ),
        ),
      )
      .orderBy(asc(voices.source), asc(voices.sort), desc(voices.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      userId: r.userId,
      previewKey: r.previewKey,
      gender: r.profile?.gender ?? '',
      languages: r.languages ?? [],
    }));
  },
  /**
   * A ready voice the user may speak with now (their own clone, or a public one shown in the library), with
   * its name and the delivery it was saved with; null otherwise.
   */
  async usableBy(db: Db, userId: number, voiceId: number) {
    const v = await voicesRepo.byId(db, voiceId);
    if (!v || v.generateStatus !== 2) return null;
    const own = v.source === 1 && v.userId === userId;
    const shared = v.source === 2 && v.userId === null && v.hidden === 0;
    if (!own && !shared) return null;
    return {
      id: v.id,
      name: v.name,
      api: v.api,
      speech: speechVoiceOf(v),
      rate: v.rate,
      volume: v.volume,
      pitch: v.pitch,
    };
  },
  /** The names of voices by id (any owner: for rows that already name them). */
  async names(db: Db, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db.select({ id: voices.id, name: voices.name }).from(voices).where(inArray(voices.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
export type StudioVoices = typeof studioVoices;
