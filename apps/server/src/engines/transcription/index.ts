export {
  TRANSCRIPTION_LANGUAGES,
  TranscriptionError,
  transcriptionMessages,
  type Transcript,
  type TranscriptSegment,
  type TranscribeInput,
  type TranscriptionEngine,
  type TranscriptionErrorKind,
  type TranscriptionLanguage,
} from './types.js';
export { transcriptionEnvShape, transcriptionEnvSchema, type TranscriptionEnv } from './env.js';
export { createOpenAiTranscription, type OpenAiTranscriptionConfig } from './openai.js';
export { createVolcTranscription, type VolcTranscriptionConfig } from './volcengine.js';
export { chunkAudio, stitchTranscripts } from './chunks.js';
export {
  createTranscriptionEngines,
  transcriptionEngineFromEnv,
  TRANSCRIPTION_CHANNEL,
  type TranscriptionDeps,
} from './registry.js';
export { transcribeSpeech, VAD_DEFAULTS, type VadOptions } from './vad.js';
