import { z } from 'zod';
import { IMAGE_RATIOS, type ImageRatio } from '@app/contract';
import type { ComfyUiConfig } from './comfyui.js';
import type { KlingApiConfig } from './kling-api.js';
import { DEFAULT_OPENAI_SIZES, type OpenAiImageConfig } from './openai.js';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());
const positive = (fallback: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().positive().default(fallback));

/**
 * Env vars of AI pictures and videos. 可灵 uses the photo feature's KLING_ACCESS_KEY, KLING_SECRET_KEY
 * and KLING_BASE_URL; the others are their own.
 */
export const aiMediaEnvShape = {
  /** `model_name` sent to 可灵 for pictures. */
  KLING_IMAGE_MODEL: z.string().min(1).default('kling-v1'),
  /** `model_name` sent to 可灵 for videos. */
  KLING_VIDEO_MODEL: z.string().min(1).default('kling-v1'),
  /** Tasks one 可灵 account runs at once (its plan's concurrency); further records wait their turn. */
  KLING_GENERATION_CONCURRENCY: positive(3),
  /**
   * Any OpenAI-compatible images server: `/v1/images/generations`, or `/v1/images/edits` (multipart) when the user
   * gives a reference picture; with the key it enables the `openai` picture channel.
   */
  OPENAI_IMAGE_BASE_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** The images server's API key. */
  OPENAI_IMAGE_API_KEY: optionalText,
  /** Model name on the images server. */
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** b64_json, url, or empty to leave the field out (gpt-image-1 refuses it). */
  OPENAI_IMAGE_RESPONSE_FORMAT: z.enum(['b64_json', 'url', '']).default(''),
  /**
   * Sizes per ratio, e.g. `1:1=1024x1024,16:9=1536x1024`; the ratios left out keep their defaults (1:1 1024x1024,
   * 16:9 1792x1024, 9:16 1024x1792, 2:3 1024x1536).
   */
  OPENAI_IMAGE_SIZES: z.string().default(''),
  /** Requests the images server runs at once; further orders queue. */
  OPENAI_IMAGE_CONCURRENCY: positive(2),
  /**
   * A self-hosted ComfyUI server; it runs the workflow templates of table `ai_workflows` (FLUX text-to-image, Wan 2.1
   * text-to-video and image-to-video by default; placeholders `{{prompt}}`, `{{width}}`, `{{height}}`, `{{count}}`,
   * `{{frames}}`, `{{image}}`…).
   */
  COMFYUI_BASE_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** Prompts one ComfyUI server runs at once (one GPU: 1). */
  COMFYUI_CONCURRENCY: positive(1),
  /** Which configured channel pictures use: auto picks the first configured (kling, openai, comfyui). */
  AI_IMAGE_CHANNEL: z.enum(['auto', 'kling', 'openai', 'comfyui']).default('auto'),
  /** The same for videos (kling, comfyui). */
  AI_VIDEO_CHANNEL: z.enum(['auto', 'kling', 'comfyui']).default('auto'),
  /** How often a vendor's picture or video task is read. */
  AI_MEDIA_POLL_INTERVAL_MS: positive(5000),
  /** How long one vendor picture or video task may take. */
  AI_MEDIA_TIMEOUT_MS: positive(30 * 60_000),
};

export type AiMediaEnv = z.infer<z.ZodObject<typeof aiMediaEnvShape>> & {
  KLING_ACCESS_KEY?: string;
  KLING_SECRET_KEY?: string;
  KLING_BASE_URL: string;
  TEST_ONLY_ALLOWED_LINK_ADDRESSES: string[];
};

export function openAiSizes(spec: string): Record<ImageRatio, string> {
  const sizes = { ...DEFAULT_OPENAI_SIZES };
  for (const part of spec.split(',')) {
    const [ratio, size] = part.split('=').map((s) => s.trim());
    if (ratio && size && (IMAGE_RATIOS as readonly string[]).includes(ratio) && /^\d+x\d+$/.test(size))
      sizes[ratio as ImageRatio] = size;
  }
  return sizes;
}

export interface AiMediaEnginesConfig {
  kling?: KlingApiConfig & { imageModel: string; videoModel: string };
  openai?: OpenAiImageConfig;
  comfyui?: ComfyUiConfig;
}

export function aiMediaEnginesConfigFromEnv(env: AiMediaEnv): AiMediaEnginesConfig {
  const trustedHosts = env.TEST_ONLY_ALLOWED_LINK_ADDRESSES;
  const timing = { pollIntervalMs: env.AI_MEDIA_POLL_INTERVAL_MS, timeoutMs: env.AI_MEDIA_TIMEOUT_MS, trustedHosts };
  return {
    kling:
      env.KLING_ACCESS_KEY && env.KLING_SECRET_KEY
        ? {
            ...timing,
            baseUrl: env.KLING_BASE_URL,
            accessKey: env.KLING_ACCESS_KEY,
            secretKey: env.KLING_SECRET_KEY,
            maxConcurrency: env.KLING_GENERATION_CONCURRENCY,
            imageModel: env.KLING_IMAGE_MODEL,
            videoModel: env.KLING_VIDEO_MODEL,
          }
        : undefined,
    openai:
      env.OPENAI_IMAGE_BASE_URL && env.OPENAI_IMAGE_API_KEY
        ? {
            baseUrl: env.OPENAI_IMAGE_BASE_URL,
            apiKey: env.OPENAI_IMAGE_API_KEY,
            model: env.OPENAI_IMAGE_MODEL,
            responseFormat: env.OPENAI_IMAGE_RESPONSE_FORMAT,
            sizes: openAiSizes(env.OPENAI_IMAGE_SIZES),
            maxConcurrency: env.OPENAI_IMAGE_CONCURRENCY,
            trustedHosts,
          }
        : undefined,
    comfyui: env.COMFYUI_BASE_URL
      ? { baseUrl: env.COMFYUI_BASE_URL, maxConcurrency: env.COMFYUI_CONCURRENCY, ...timing }
      : undefined,
  };
}
