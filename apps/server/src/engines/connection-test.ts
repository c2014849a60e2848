import { engineConsoleMessages as m, type EngineId } from '@app/contract';
import type { AppConfig } from '../config.js';
import { klingToken } from './photo/kling.js';

export interface ConnectionResult {
  ok: boolean;
  message: string;
  ms: number;
}

interface Probe {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  json?: unknown;
  /** true: only a 2xx answer counts (a call that proves the model answers); else any answer but 401/403/5xx. */
  strict?: boolean;
  /** Looks into a 2xx body for a vendor's own refusal (蝉镜 answers 200 with a non-zero code). */
  check?: (body: unknown) => string | null;
}

const trim = (u: string) => u.replace(/\/+$/, '');
const bearer = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

/** One cheap chat completion: a single token, so a wrong model name or key shows as well as a wrong address. */
const chatProbe = (baseUrl: string, key: string | undefined, model: string): Probe => ({
  url: `${trim(baseUrl)}/chat/completions`,
  method: 'POST',
  headers: bearer(key),
  json: { model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1, stream: false },
  strict: true,
});

/**
 * The cheapest real call each vendor's published API offers that proves the address and the key:
 * OpenAI-compatible chat (DeepSeek "Create Chat Completion", max_tokens 1), 可灵 (a task query with the
 * signed JWT: an unknown task is refused only after authentication), OpenAI images (GET /v1/models),
 * ComfyUI (GET /system_stats), D-ID (GET /credits, Basic key), 蝉镜 (POST /open/v1/access_token),
 * Fish Audio (GET /wallet/self/api-credit), OpenAI-compatible speech recognition (GET /models),
 * MiniMax (POST /v1/get_voice, the system voice list), 火山 / self-hosted services (their root).
 */
function probeOf(engine: EngineId, c: AppConfig): Probe | null {
  switch (engine) {
    case 'text':
      return c.TEXT_MODEL_URL ? chatProbe(c.TEXT_MODEL_URL, c.TEXT_MODEL_KEY, c.TEXT_MODEL_NAME) : null;
    case 'chat': {
      const base = c.CHAT_MODEL_URL ?? c.TEXT_MODEL_URL;
      const key = c.CHAT_MODEL_URL ? c.CHAT_MODEL_KEY : (c.CHAT_MODEL_KEY ?? c.TEXT_MODEL_KEY);
      return base ? chatProbe(base, key, c.CHAT_MODEL_V3) : null;
    }
    case 'kling':
      return c.KLING_ACCESS_KEY && c.KLING_SECRET_KEY
        ? {
            url: `${trim(c.KLING_BASE_URL)}/v1/images/generations/connection-test`,
            headers: { authorization: `Bearer ${klingToken(c.KLING_ACCESS_KEY, c.KLING_SECRET_KEY)}` },
          }
        : null;
    case 'openai-image':
      return c.OPENAI_IMAGE_BASE_URL && c.OPENAI_IMAGE_API_KEY
        ? {
            url: `${trim(c.OPENAI_IMAGE_BASE_URL).replace(/\/v1$/, '')}/v1/models`,
            headers: bearer(c.OPENAI_IMAGE_API_KEY),
          }
        : null;
    case 'comfyui':
      return c.COMFYUI_BASE_URL ? { url: `${trim(c.COMFYUI_BASE_URL)}/system_stats` } : null;
    case 'did':
      return c.DID_API_KEY
        ? { url: `${trim(c.DID_BASE_URL)}/credits`, headers: { authorization: `Basic ${c.DID_API_KEY}` } }
        : null;
    case 'duix':
      return c.DUIX_BASE_URL ? { url: trim(c.DUIX_BASE_URL) } : null;
    case 'chanjing':
      return c.CHANJING_APP_ID && c.CHANJING_SECRET_KEY
        ? {
            url: `${trim(c.CHANJING_BASE_URL)}/open/v1/access_token`,
            method: 'POST',
            json: { app_id: c.CHANJING_APP_ID, secret_key: c.CHANJING_SECRET_KEY },
            strict: true,
            check: (body) => {
              const b = body as { code?: unknown; msg?: unknown } | null;
              return b && typeof b.code === 'number' && b.code !== 0 ? `蝉镜拒绝：${String(b.msg ?? b.code)}` : null;
            },
          }
        : null;
    case 'fish':
      return c.SPEECH_FISH_KEY
        ? { url: `${trim(c.SPEECH_FISH_URL)}/wallet/self/api-credit`, headers: bearer(c.SPEECH_FISH_KEY) }
        : null;
    case 'minimax':
      return c.SPEECH_MINIMAX_KEY
        ? {
            url: `${trim(c.SPEECH_MINIMAX_URL)}/v1/get_voice${c.SPEECH_MINIMAX_GROUP_ID ? `?GroupId=${encodeURIComponent(c.SPEECH_MINIMAX_GROUP_ID)}` : ''}`,
            method: 'POST',
            headers: bearer(c.SPEECH_MINIMAX_KEY),
            json: { voice_type: 'system' },
            strict: true,
            // MiniMax answers 200 and names a wrong key in base_resp (1004 login failed).
            check: (body) => {
              const r = (body as { base_resp?: { status_code?: unknown; status_msg?: unknown } } | null)?.base_resp;
              return r && typeof r.status_code === 'number' && r.status_code !== 0
                ? `MiniMax拒绝：${String(r.status_msg ?? r.status_code)}`
                : null;
            },
          }
        : null;
    case 'volcengine':
      return c.SPEECH_VOLC_TOKEN
        ? { url: trim(c.SPEECH_VOLC_URL), headers: { authorization: `Bearer;${c.SPEECH_VOLC_TOKEN}` } }
        : null;
    case 'cosyvoice':
      return c.SPEECH_COSYVOICE_URL ? { url: trim(c.SPEECH_COSYVOICE_URL) } : null;
    case 'gpt-sovits':
      return c.SPEECH_GPT_SOVITS_URL ? { url: trim(c.SPEECH_GPT_SOVITS_URL) } : null;
    case 'lip-sync':
      // The chosen remote engine's own probe; the offline engine has nothing to reach (see testConnection).
      return c.TRANSLATE_LIPSYNC_ENGINE === 'local' ? null : probeOf(c.TRANSLATE_LIPSYNC_ENGINE, c);
    case 'transcription':
      if (c.TRANSCRIPTION_ENGINE === 'openai' && c.TRANSCRIPTION_OPENAI_URL)
        return { url: `${trim(c.TRANSCRIPTION_OPENAI_URL)}/models`, headers: bearer(c.TRANSCRIPTION_OPENAI_KEY) };
      if (c.TRANSCRIPTION_ENGINE === 'volcengine' && c.TRANSCRIPTION_VOLC_TOKEN)
        return {
          url: trim(c.TRANSCRIPTION_VOLC_URL),
          headers: {
            'x-api-app-key': c.TRANSCRIPTION_VOLC_APPID ?? '',
            'x-api-access-key': c.TRANSCRIPTION_VOLC_TOKEN,
          },
        };
      return null;
  }
}

/** Makes the probe call with the engine's current settings and says in Chinese how it went. */
export async function testConnection(
  engine: EngineId,
  config: AppConfig,
  timeoutMs = 10_000,
): Promise<ConnectionResult> {
  if (engine === 'lip-sync' && config.TRANSLATE_LIPSYNC_ENGINE === 'local') return { ok: true, message: m.testOffline, ms: 0 };
  const probe = probeOf(engine, config);
  if (!probe) return { ok: false, message: m.notConfigured, ms: 0 };
  const started = Date.now();
  const ms = () => Date.now() - started;
  let res: Response;
  try {
    res = await fetch(probe.url, {
      method: probe.method ?? 'GET',
      headers: { ...(probe.json ? { 'content-type': 'application/json' } : {}), ...probe.headers },
      body: probe.json ? JSON.stringify(probe.json) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const why = e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
    return { ok: false, message: m.testUnreachable(why), ms: ms() };
  }
  const text = await res.text().catch(() => '');
  if (res.status === 401 || res.status === 403) return { ok: false, message: m.testRefused(res.status), ms: ms() };
  if (res.status >= 500 || (probe.strict && (res.status < 200 || res.status >= 300)))
    return { ok: false, message: m.testHttp(res.status), ms: ms() };
  if (probe.check) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: judged by the status alone */
    }
    const refusal = probe.check(body);
    if (refusal) return { ok: false, message: refusal, ms: ms() };
  }
  return { ok: true, message: m.testOk(ms()), ms: ms() };
}
