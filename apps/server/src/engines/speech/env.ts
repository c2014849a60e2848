import { z } from 'zod';
import { SPEECH_PROVIDER_IDS } from './types.js';

/** Environment variables of the speech engines; the platform's config.ts merges this shape and validates once. */

const providerChoice = z.enum([...SPEECH_PROVIDER_IDS, 'none']);
const optionalUrl = z.string().url().optional();
const optionalText = z.string().min(1).optional();

/** Which engine each voice channel speaks with; "none" or an unconfigured engine makes the channel say so. */
export const channelProviders = {
  /** Engine of voice channel `fish`; `none`, or an engine that is not configured, makes the channel say so. */
  SPEECH_CHANNEL_FISH: providerChoice.default('fish'),
  /** Engine of voice channel `hs` (same choices). */
  SPEECH_CHANNEL_HS: providerChoice.default('volcengine'),
  /** Engine of voice channel `xf` (same choices). */
  SPEECH_CHANNEL_XF: providerChoice.default('none'),
  /** Engine of voice channel `nw` (same choices). */
  SPEECH_CHANNEL_NW: providerChoice.default('gpt-sovits'),
  /** Engine of voice channel `mm` (same choices). */
  SPEECH_CHANNEL_MM: providerChoice.default('minimax'),
  /** Engine of voice channel `kyy` (same choices). */
  SPEECH_CHANNEL_KYY: providerChoice.default('cosyvoice'),
} as const;

export const speechEnvShape = {
  ...channelProviders,
  /** Timeout of one request to a remote speech engine. */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Retries of a failed request to a remote speech engine. */
  SPEECH_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Fish Audio cloud base URL. */
  SPEECH_FISH_URL: z.string().url().default('https://api.fish.audio'),
  /** Fish Audio API key; setting it enables the engine `fish`. */
  SPEECH_FISH_KEY: optionalText,
  /** Fish Audio model. */
  SPEECH_FISH_MODEL: z.string().default('s1'),
  /** A self-hosted Fish Speech server; setting it enables the engine `fish-speech`. */
  SPEECH_FISH_SPEECH_URL: optionalUrl,
  /** The Fish Speech server's API key, if it asks for one. */
  SPEECH_FISH_SPEECH_KEY: optionalText,
  /** MiniMax base URL. */
  SPEECH_MINIMAX_URL: z.string().url().default('https://api.minimaxi.com'),
  /** MiniMax API key; setting it enables the engine `minimax`. */
  SPEECH_MINIMAX_KEY: optionalText,
  /** MiniMax group id. */
  SPEECH_MINIMAX_GROUP_ID: optionalText,
  /** MiniMax speech model. */
  SPEECH_MINIMAX_MODEL: z.string().default('speech-02-hd'),
  /** A CosyVoice FastAPI server; setting it enables the engine `cosyvoice`. */
  SPEECH_COSYVOICE_URL: optionalUrl,
  /** Sample rate of CosyVoice's raw output. */
  SPEECH_COSYVOICE_SAMPLE_RATE: z.coerce.number().int().positive().default(22050),
  /**
   * Where the prompt clips of voices cloned on CosyVoice are kept.
   * @default `DATA_DIR/speech/cosyvoice`
   */
  SPEECH_COSYVOICE_PROMPT_DIR: optionalText,
  /** A GPT-SoVITS `api_v2` server; setting it enables the engine `gpt-sovits`. */
  SPEECH_GPT_SOVITS_URL: optionalUrl,
  /**
   * Where the reference clips of voices cloned on GPT-SoVITS are written.
   * @default `DATA_DIR/speech/gpt-sovits`
   */
  SPEECH_GPT_SOVITS_REF_DIR: optionalText,
  /**
   * That folder as the GPT-SoVITS server sees it.
   * @default the same as `SPEECH_GPT_SOVITS_REF_DIR`
   */
  SPEECH_GPT_SOVITS_SERVER_REF_DIR: optionalText,
  /** Volcengine (火山引擎) speech base URL. */
  SPEECH_VOLC_URL: z.string().url().default('https://openspeech.bytedance.com'),
  /** Volcengine app id; with the token it enables the engine `volcengine`. */
  SPEECH_VOLC_APPID: optionalText,
  /** Volcengine access token. */
  SPEECH_VOLC_TOKEN: optionalText,
  /** Volcengine cluster. */
  SPEECH_VOLC_CLUSTER: z.string().default('volcano_tts'),
} as const;

export const speechEnvSchema = z.object(speechEnvShape);
export type SpeechEnv = z.infer<typeof speechEnvSchema>;
