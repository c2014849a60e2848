export type { StudioVoice, StudioVoices } from '../voices/index.js';
