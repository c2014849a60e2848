import path from 'node:path';
import { createLipsyncEngine, LIPSYNC_ENGINE_ID, prepareAvatarMedia } from '../avatar/index.js';
import type { LipSyncEngine } from './types.js';

/**
 * The offline engine: the video is normalised like an avatar (720p at most), its face tracked, and
 * the mouth redrawn from the audio on the CPU.
 */
export function createLocalLipSync(): LipSyncEngine {
  const engine = createLipsyncEngine();
  return {
    choice: 'local',
    id: LIPSYNC_ENGINE_ID,
    remote: false,
    maxConcurrency: engine.maxConcurrency,
    async lipSync({ video, audio, outFile, scratch, signal, onProgress }) {
      const media = await prepareAvatarMedia(video, path.join(scratch, 'lipsync-source'), {
        maxShortSide: 720,
        signal,
        limits: { minSeconds: 1, minShortSide: 16 },
      });
      const avatar = await engine.prepareAvatar(media, { signal });
      return engine.render({ avatar, audioFile: audio, outFile, signal, onProgress });
    },
  };
}
