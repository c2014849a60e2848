import { z } from 'zod';
import { LIP_SYNC_CHOICES } from './types.js';

/** Env of the lip-sync engine of video translation; config.ts merges this shape. */
export const lipSyncEnvShape = {
  /**
   * The engine that lip-syncs the dub of a translated video (mode 1, 口型翻译): `local` (offline, CPU),
   * `duix` (the Duix.Avatar service of DUIX_BASE_URL) or `chanjing` (蝉镜's 对口型, with CHANJING_*).
   */
  TRANSLATE_LIPSYNC_ENGINE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LIP_SYNC_CHOICES).default('local')),
};

export const lipSyncEnvSchema = z.object(lipSyncEnvShape);
export type LipSyncEnv = z.infer<typeof lipSyncEnvSchema>;
