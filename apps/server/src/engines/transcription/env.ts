import { z } from 'zod';

/**
 * Environment of the transcription engine (speech to text for video translation); the platform's
 * config.ts merges this shape. TRANSCRIPTION_ENGINE picks the engine; "none" (the default) turns the
 * feature off and the translation page says so before anything is uploaded.
 */
export const transcriptionEnvShape = {
  /**
   * `none` (off), `openai` (any OpenAI-compatible `/v1/audio/transcriptions`: OpenAI Whisper, faster-whisper servers)
   * or `volcengine` (火山引擎 大模型录音文件识别, submit/query).
   */
  TRANSCRIPTION_ENGINE: z.enum(['none', 'openai', 'volcengine']).default('none'),
  /** How long one transcription may take. */
  TRANSCRIPTION_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  /**
   * Base URL of an OpenAI-compatible server (`/audio/transcriptions` is appended): https://api.openai.com/v1, a local
   * faster-whisper server…
   */
  TRANSCRIPTION_OPENAI_URL: z.string().url().optional(),
  /** Its bearer key. */
  TRANSCRIPTION_OPENAI_KEY: z.string().min(1).optional(),
  /** Its model name. */
  TRANSCRIPTION_OPENAI_MODEL: z.string().min(1).default('whisper-1'),
  /**
   * Upload limit of the server (OpenAI: 25 MB); longer audio is cut into 16 kHz WAV chunks below it and the segment
   * times stitched.
   */
  TRANSCRIPTION_OPENAI_MAX_BYTES: z.coerce.number().int().positive().default(25 * 1024 * 1024),
  /** Volcengine API root. */
  TRANSCRIPTION_VOLC_URL: z.string().url().default('https://openspeech.bytedance.com'),
  /**
   * Volcengine APP ID; with the token it enables the engine (the audio is handed over as a signed `PUBLIC_URL` link).
   */
  TRANSCRIPTION_VOLC_APPID: z.string().min(1).optional(),
  /** Volcengine Access Token. */
  TRANSCRIPTION_VOLC_TOKEN: z.string().min(1).optional(),
  /** `X-Api-Resource-Id` of the Volcengine calls. */
  TRANSCRIPTION_VOLC_RESOURCE_ID: z.string().min(1).default('volc.bigasr.auc'),
  /** How often a Volcengine task is read. */
  TRANSCRIPTION_VOLC_POLL_MS: z.coerce.number().int().positive().default(2000),
} as const;

export const transcriptionEnvSchema = z.object(transcriptionEnvShape);
export type TranscriptionEnv = z.infer<typeof transcriptionEnvSchema>;
