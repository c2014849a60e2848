import type { StudioUploads } from '../avatars/index.js';
import type { StudioVoices } from '../voices/index.js';

/** What batches read from the studio's neighbours: the user's uploads and the voices they may speak with. */
export interface BatchDeps {
  uploads: StudioUploads;
  voices: StudioVoices;
}
