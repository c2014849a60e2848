export { createViralModule, type ViralModuleDeps } from './module.js';
export type { Transcribe, TranscriberOf, Transcript } from './transcriber.js';
export { analysePastedText } from './service.js';
