import { randomUUID } from 'node:crypto';
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
  /**
   * Looks into an answer below 500 (its JSON, or null) for the vendor's own refusal (蝉镜 answers 200
   * with a non-zero code) or for signs that the address is some other service.
   */
  check?: (body: unknown) => string | null;
}

/** 火山's basic catalogue voice (通用女声), open to every speech synthesis app. */
const VOLC_TEST_VOICE = 'BV001_streaming';

const trim = (u: string) => u.replace(/\/+$/, '');
const bearer = (key: string | undefined): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});

/** A self-hosted FastAPI server (CosyVoice, GPT-SoVITS) lists its routes in /openapi.json: the ones our engine calls must be there. */
const openApiProbe = (baseUrl: string, vendor: string, paths: string[]): Probe => ({
  url: `${trim(baseUrl)}/openapi.json`,
  strict: true,
  check: (body) => {
    const listed = (body as { paths?: unknown } | null)?.paths;
    if (!listed || typeof listed !== 'object') return m.testNotService(vendor);
    const missing = paths.find((p) => !(p in listed));
    return missing ? m.testMissingApi(vendor, missing) : null;
  },
});

/** A JSON reply whose numeric `code` field says how it went, as Duix, 火山, 蝉镜 answer. */
const codeOf = (body: unknown): { code: number; msg: string } | null => {
  const b = body as { code?: unknown; msg?: unknown; message?: unknown } | null;
  return b && typeof b.code === 'number' ? { code: b.code, msg: String(b.msg ?? b.message ?? b.code) } : null;
};

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
 * MiniMax (POST /v1/get_voice, the system voice list), Duix.Avatar (GET /easy/query of an unknown task:
 * its JSON "task not found"), 火山 speech (a one-character /api/v1/tts synthesis with the app id, token
 * and cluster the speech engine uses), CosyVoice and GPT-SoVITS (their FastAPI /openapi.json lists the
 * routes our engines call: /inference_zero_shot, /inference_cross_lingual, /inference_sft; api_v2's /tts).
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
      return c.DUIX_BASE_URL
        ? {
            url: `${trim(c.DUIX_BASE_URL)}/easy/query?code=connection-test-${randomUUID()}`,
            strict: true,
            // Duix answers an unknown task with its JSON envelope (10004 task not found); anything else is not Duix.
            check: (body) => {
              const r = codeOf(body);
              if (!r) return m.testNotService('Duix.Avatar');
              return r.code === 10000 || r.code === 10004 ? null : m.testVendorRefused('Duix', r.msg);
            },
          }
        : null;
    case 'chanjing':
      return c.CHANJING_APP_ID && c.CHANJING_SECRET_KEY
        ? {
            url: `${trim(c.CHANJING_BASE_URL)}/open/v1/access_token`,
            method: 'POST',
            json: { app_id: c.CHANJING_APP_ID, secret_key: c.CHANJING_SECRET_KEY },
            strict: true,
            check: (body) => {
              const r = codeOf(body);
              return r && r.code !== 0 ? m.testVendorRefused('蝉镜', r.msg) : null;
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
                ? m.testVendorRefused('MiniMax', String(r.status_msg ?? r.status_code))
                : null;
            },
          }
        : null;
    case 'volcengine':
      return c.SPEECH_VOLC_TOKEN && c.SPEECH_VOLC_APPID
        ? {
            url: `${trim(c.SPEECH_VOLC_URL)}/api/v1/tts`,
            method: 'POST',
            headers: { authorization: `Bearer;${c.SPEECH_VOLC_TOKEN}` },
            json: {
              app: { appid: c.SPEECH_VOLC_APPID, token: c.SPEECH_VOLC_TOKEN, cluster: c.SPEECH_VOLC_CLUSTER },
              user: { uid: 'connection-test' },
              audio: { voice_type: VOLC_TEST_VOICE, encoding: 'mp3' },
              request: { reqid: randomUUID(), text: '好', text_type: 'plain', operation: 'query' },
            },
            strict: true,
            // 3000 spoke; 3050 (voice not granted) still means the app and token were accepted.
            check: (body) => {
              const r = codeOf(body);
              if (!r) return m.testNotService('火山引擎语音');
              return r.code === 3000 || r.code === 3050 ? null : m.testVendorRefused('火山引擎', r.msg);
            },
          }
        : null;
    case 'cosyvoice':
      return c.SPEECH_COSYVOICE_URL
        ? openApiProbe(c.SPEECH_COSYVOICE_URL, 'CosyVoice', ['/inference_zero_shot', '/inference_cross_lingual', '/inference_sft'])
        : null;
    case 'gpt-sovits':
      return c.SPEECH_GPT_SOVITS_URL ? openApiProbe(c.SPEECH_GPT_SOVITS_URL, 'GPT-SoVITS', ['/tts', '/set_sovits_weights']) : null;
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
  if (res.status >= 500) return { ok: false, message: m.testHttp(res.status), ms: ms() };
  if (probe.check) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: the check says whether that is wrong */
    }
    const refusal = probe.check(body);
    if (refusal) return { ok: false, message: refusal, ms: ms() };
  }
  if (probe.strict && (res.status < 200 || res.status >= 300)) return { ok: false, message: m.testHttp(res.status), ms: ms() };
  return { ok: true, message: m.testOk(ms()), ms: ms() };
}
