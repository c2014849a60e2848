import { DuixEngine, type DuixConfig } from '../avatar/index.js';
import type { LipSyncEngine } from './types.js';

/**
 * A Duix.Avatar (HeyGem) service: it takes any video and an audio (POST /easy/submit) and answers the
 * lip-synced video, the same call the avatar videos use; one task at a time, shared with them.
 */
export function createDuixLipSync(config: DuixConfig): LipSyncEngine {
  const duix = new DuixEngine(config);
  return {
    choice: 'duix',
    id: duix.id,
    remote: true,
    maxConcurrency: duix.maxConcurrency,
    lipSync: ({ video, audio, outFile, signal, taskId, onTask, onProgress }) =>
      duix.lipSyncVideo({ video, audio, outFile, signal, taskId, onTask, onProgress }),
  };
}
