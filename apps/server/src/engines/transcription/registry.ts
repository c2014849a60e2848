import { channelRegistry, type ChannelRegistry } from '../registry.js';
import type { TranscriptionEnv } from './env.js';
import { createOpenAiTranscription } from './openai.js';
import { TranscriptionError, type TranscriptionEngine } from './types.js';
import { createVolcTranscription } from './volcengine.js';

/** The one channel of speech recognition today (video translation, viral-video analysis). */
export const TRANSCRIPTION_CHANNEL = 'asr';

export interface TranscriptionDeps {
  /** Signs a local file into a URL a remote engine can fetch (Volcengine reads audio by URL). */
  publicUrl: (file: string) => Promise<string>;
}

/** The engine TRANSCRIPTION_ENGINE names, or undefined when it is "none" or lacks its URL / keys. */
export function transcriptionEngineFromEnv(env: TranscriptionEnv, deps: TranscriptionDeps): TranscriptionEngine | undefined {
  if (env.TRANSCRIPTION_ENGINE === 'openai' && env.TRANSCRIPTION_OPENAI_URL) {
    return createOpenAiTranscription({
      baseUrl: env.TRANSCRIPTION_OPENAI_URL,
      apiKey: env.TRANSCRIPTION_OPENAI_KEY,
      model: env.TRANSCRIPTION_OPENAI_MODEL,
      maxBytes: env.TRANSCRIPTION_OPENAI_MAX_BYTES,
      timeoutMs: env.TRANSCRIPTION_TIMEOUT_MS,
    });
  }
  if (env.TRANSCRIPTION_ENGINE === 'volcengine' && env.TRANSCRIPTION_VOLC_APPID && env.TRANSCRIPTION_VOLC_TOKEN) {
    return createVolcTranscription({
      baseUrl: env.TRANSCRIPTION_VOLC_URL,
      appId: env.TRANSCRIPTION_VOLC_APPID,
      accessToken: env.TRANSCRIPTION_VOLC_TOKEN,
      resourceId: env.TRANSCRIPTION_VOLC_RESOURCE_ID,
      pollMs: env.TRANSCRIPTION_VOLC_POLL_MS,
      timeoutMs: env.TRANSCRIPTION_TIMEOUT_MS,
      publicUrl: deps.publicUrl,
    });
  }
  return undefined;
}

/** Speech recognition as a channel registry; unconfigured, it is refused with 语音识别服务未配置，请联系管理员. */
export function createTranscriptionEngines(
  env: TranscriptionEnv,
  deps: TranscriptionDeps,
  override?: TranscriptionEngine,
): ChannelRegistry<TranscriptionEngine> {
  const engine = override ?? transcriptionEngineFromEnv(env, deps);
  return channelRegistry<TranscriptionEngine>({
    channels: [TRANSCRIPTION_CHANNEL],
    engineOf: () => engine,
    idOf: (e) => e.id,
    unavailable: () => new TranscriptionError('not_configured'),
  });
}
