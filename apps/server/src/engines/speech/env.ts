import { z } from 'zod';
import { SPEECH_PROVIDER_IDS } from './types.js';

/** Environment variables of the speech engines; the platform's config.ts merges this shape and validates once. */

const providerChoice = z.enum([...SPEECH_PROVIDER_IDS, 'none']);
const optionalUrl = z.string().url().optional();
const optionalText = z.string().min(1).optional();

/** Which engine each voice channel speaks with; "none" or an unconfigured engine makes the channel say so. */
export const channelProviders = {
  SPEECH_CHANNEL_FISH: providerChoice.default('fish'),
  SPEECH_CHANNEL_HS: providerChoice.default('volcengine'),
  SPEECH_CHANNEL_XF: providerChoice.default('none'),
  SPEECH_CHANNEL_NW: providerChoice.default('gpt-sovits'),
  SPEECH_CHANNEL_MM: providerChoice.default('minimax'),
  SPEECH_CHANNEL_KYY: providerChoice.default('cosyvoice'),
} as const;

export const speechEnvShape = {
  ...channelProviders,
  SPEECH_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  SPEECH_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  SPEECH_FISH_URL: z.string().url().default('https://api.fish.audio'),
  SPEECH_FISH_KEY: optionalText,
  SPEECH_FISH_MODEL: z.string().default('s1'),
  SPEECH_FISH_SPEECH_URL: optionalUrl,
  SPEECH_FISH_SPEECH_KEY: optionalText,
  SPEECH_MINIMAX_URL: z.string().url().default('https://api.minimaxi.com'),
  SPEECH_MINIMAX_KEY: optionalText,
  SPEECH_MINIMAX_GROUP_ID: optionalText,
  SPEECH_MINIMAX_MODEL: z.string().default('speech-02-hd'),
  SPEECH_COSYVOICE_URL: optionalUrl,
  SPEECH_COSYVOICE_SAMPLE_RATE: z.coerce.number().int().positive().default(22050),
  SPEECH_COSYVOICE_PROMPT_DIR: optionalText,
  SPEECH_GPT_SOVITS_URL: optionalUrl,
  SPEECH_GPT_SOVITS_REF_DIR: optionalText,
  SPEECH_GPT_SOVITS_SERVER_REF_DIR: optionalText,
  SPEECH_VOLC_URL: z.string().url().default('https://openspeech.bytedance.com'),
  SPEECH_VOLC_APPID: optionalText,
  SPEECH_VOLC_TOKEN: optionalText,
  SPEECH_VOLC_CLUSTER: z.string().default('volcano_tts'),
} as const;

export const speechEnvSchema = z.object(speechEnvShape);
export type SpeechEnv = z.infer<typeof speechEnvSchema>;
