import type { AppContext } from '../../platform/context.js';
import { fileRecords, type FileRow } from '../files/index.js';

export type { FileRow };

/** The file records voices read and write: recordings to clone from, trial syntheses to play. */
export const voiceFiles = {
  owned: fileRecords.owned,
  byId: fileRecords.byId,
  /** Stores a synthesized clip as the user's file and registers it with its probed duration. */
  registerSpeech: (ctx: AppContext, userId: number, key: string, localPath: string, duration: number) =>
    fileRecords.registerGenerated(ctx, userId, { key, localPath, duration, kind: 'voice', mime: 'audio/mp4' }),
};
