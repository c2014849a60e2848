export type { StudioVoice, StudioVoices } from '../voices/index.js';
export type { PhotoWorks } from '../photo-video/index.js';
