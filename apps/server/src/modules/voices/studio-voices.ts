import type { SpeechVoice } from '../../engines/speech/index.js';
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

/** Voices as other modules read them. */
export const studioVoices = {
  async find(db: Db, voiceId: number): Promise<StudioVoice | null> {
    const v = await voicesRepo.byId(db, voiceId);
    if (!v) return null;
    return { id: v.id, userId: v.userId, generateStatus: v.generateStatus, api: v.api, speech: speechVoiceOf(v) };
  },
};
export type StudioVoices = typeof studioVoices;
