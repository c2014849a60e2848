import { z } from 'zod';
import type { ChatModelKey } from '@app/contract';
import type { ChatStreamConfig } from './openai-stream.js';

/**
 * Environment of the chat assistant's two models. Any OpenAI-compatible server works: DeepSeek by
 * default (`deepseek-chat` for v3, `deepseek-reasoner` for r1), or e.g. a local Ollama at
 * http://127.0.0.1:11434/v1 with CHAT_MODEL_V3=qwen2.5 CHAT_MODEL_R1=deepseek-r1. Without
 * CHAT_MODEL_URL the text model's TEXT_MODEL_URL and key are used; without either, chat is off.
 */
export const chatModelEnvShape = {
  /**
   * OpenAI-compatible base URL of the chat models (`/chat/completions` is appended).
   * @default `TEXT_MODEL_URL`
   */
  CHAT_MODEL_URL: z.string().url().optional(),
  /** Bearer key of the chat models; when the address is `TEXT_MODEL_URL`, `TEXT_MODEL_KEY` serves if this is unset. */
  CHAT_MODEL_KEY: z.string().min(1).optional(),
  /** Model for v3. */
  CHAT_MODEL_V3: z.string().min(1).default('deepseek-chat'),
  /** Model for r1 (deep thinking; its `<think>` blocks or reasoning field become the reasoning shown apart). */
  CHAT_MODEL_R1: z.string().min(1).default('deepseek-reasoner'),
  /** Longest silence of the model (before its first byte or between chunks) before the answer fails. */
  CHAT_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Estimated tokens of earlier messages sent along as context; the oldest go first. */
  CHAT_CONTEXT_TOKENS: z.coerce.number().int().min(0).max(1_000_000).default(6000),
  /**
   * Credits per question and answer until the operator sets a price per model on the channels screen; also the viral
   * tools' price per model call until set.
   */
  CHAT_CREDITS: z.coerce.number().int().min(0).max(100_000).default(10),
} as const;

export const chatModelEnvSchema = z.object(chatModelEnvShape);
export type ChatModelEnv = z.infer<typeof chatModelEnvSchema> & { TEXT_MODEL_URL?: string; TEXT_MODEL_KEY?: string };

export function chatModelConfigsFromEnv(env: ChatModelEnv): Record<ChatModelKey, ChatStreamConfig> | undefined {
  const baseUrl = env.CHAT_MODEL_URL ?? env.TEXT_MODEL_URL;
  if (!baseUrl) return undefined;
  const apiKey = env.CHAT_MODEL_URL ? env.CHAT_MODEL_KEY : (env.CHAT_MODEL_KEY ?? env.TEXT_MODEL_KEY);
  const base = { baseUrl, apiKey, idleTimeoutMs: env.CHAT_IDLE_TIMEOUT_MS };
  return { v3: { ...base, model: env.CHAT_MODEL_V3 }, r1: { ...base, model: env.CHAT_MODEL_R1 } };
}
