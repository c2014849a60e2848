import { z } from 'zod';

/**
 * Environment of the transcription engine (speech to text for video translation); the platform's
 * config.ts merges this shape. TRANSCRIPTION_ENGINE picks the engine; "none" (the default) turns the
 * feature off and the translation page says so before anything is uploaded.
 */
export const transcriptionEnvShape = {
  TRANSCRIPTION_ENGINE: z.enum(['none', 'openai', 'volcengine']).default('none'),
  TRANSCRIPTION_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  /** Any OpenAI-compatible server: https://api.openai.com/v1, a local faster-whisper server… */
  TRANSCRIPTION_OPENAI_URL: z.string().url().optional(),
  TRANSCRIPTION_OPENAI_KEY: z.string().min(1).optional(),
  TRANSCRIPTION_OPENAI_MODEL: z.string().min(1).default('whisper-1'),
  /** Upload limit of the server (OpenAI: 25 MB); longer audio is cut into chunks below it. */
  TRANSCRIPTION_OPENAI_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  TRANSCRIPTION_VOLC_URL: z.string().url().default('https://openspeech.bytedance.com'),
  TRANSCRIPTION_VOLC_APPID: z.string().min(1).optional(),
  TRANSCRIPTION_VOLC_TOKEN: z.string().min(1).optional(),
  TRANSCRIPTION_VOLC_RESOURCE_ID: z.string().min(1).default('volc.bigasr.auc'),
  TRANSCRIPTION_VOLC_POLL_MS: z.coerce.number().int().positive().default(2000),
} as const;

export const transcriptionEnvSchema = z.object(transcriptionEnvShape);
export type TranscriptionEnv = z.infer<typeof transcriptionEnvSchema>;
