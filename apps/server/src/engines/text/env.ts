import { z } from 'zod';
import type { ChatModelConfig } from './openai-chat.js';

/** Environment of the text model; the platform's config.ts merges this shape. Leave TEXT_MODEL_URL unset to disable. */
export const textModelEnvShape = {
  /**
   * OpenAI-compatible chat-completions base URL for polish, AI write and translate; unset, those buttons answer
   * 文本模型未配置，请联系管理员.
   */
  TEXT_MODEL_URL: z.string().url().optional(),
  /** The text model's API key (bearer). */
  TEXT_MODEL_KEY: z.string().min(1).optional(),
  /** The text model's model name. */
  TEXT_MODEL_NAME: z.string().min(1).default('deepseek-chat'),
  /** Timeout of one text-model request. */
  TEXT_MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
} as const;

export const textModelEnvSchema = z.object(textModelEnvShape);
export type TextModelEnv = z.infer<typeof textModelEnvSchema>;

export function textModelConfigFromEnv(env: TextModelEnv): ChatModelConfig | undefined {
  if (!env.TEXT_MODEL_URL) return undefined;
  return {
    baseUrl: env.TEXT_MODEL_URL,
    apiKey: env.TEXT_MODEL_KEY,
    model: env.TEXT_MODEL_NAME,
    timeoutMs: env.TEXT_MODEL_TIMEOUT_MS,
  };
}
