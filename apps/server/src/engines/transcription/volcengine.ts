import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probe } from '../../platform/media/ffmpeg.js';
import { round } from './chunks.js';
import { kindFromHttpStatus, TranscriptionError, type TranscriptionEngine, type TranscriptionLanguage } from './types.js';

/**
 * Volcengine 大模型录音文件识别 (standard edition, https://www.volcengine.com/docs/6561/1354868):
 * `POST /api/v3/auc/bigmodel/submit` with an audio URL, then `POST /api/v3/auc/bigmodel/query` with the
 * same `X-Api-Request-Id` until done. Headers `X-Api-App-Key`, `X-Api-Access-Key`, `X-Api-Resource-Id`,
 * `X-Api-Sequence: -1`. The status is in the `X-Api-Status-Code` reply header: 20000000 done,
 * 20000001 processing, 20000002 queued, 20000003 silence; 45xxxxxx bad request, 55xxxxxx server error.
 * The result holds `utterances[{start_time,end_time,text}]` in milliseconds and `audio_info.duration` (ms).
 */
export interface VolcTranscriptionConfig {
  baseUrl: string;
  appId: string;
  accessToken: string;
  resourceId: string;
  pollMs: number;
  timeoutMs: number;
  /** Signs a local file into a URL the vendor can fetch. */
  publicUrl: (file: string) => Promise<string>;
}

/** `audio.language` codes the model is told; Chinese (with English mixed in) is its default. No Russian. */
const VOLC_LANGUAGES: Partial<Record<TranscriptionLanguage, string>> = {
  zh: '',
  en: 'en-US',
  ja: 'ja-JP',
  ko: 'ko-KR',
  es: 'es-MX',
  fr: 'fr-FR',
  de: 'de-DE',
  pt: 'pt-BR',
  ar: 'ar-SA',
};

const FORMATS: Record<string, string> = { '.wav': 'wav', '.mp3': 'mp3', '.ogg': 'ogg', '.opus': 'ogg', '.pcm': 'raw' };

export const VOLC_DONE = '20000000';
const VOLC_PENDING = new Set(['20000001', '20000002']);
const VOLC_SILENT = '20000003';

interface VolcResult {
  audio_info?: { duration?: number };
  result?: { text?: string; utterances?: { start_time?: number; end_time?: number; text?: string }[] };
}

function failure(code: string, message: string, httpStatus: number): TranscriptionError {
  const detail = `X-Api-Status-Code ${code}: ${message}`;
  if (httpStatus === 401 || httpStatus === 403 || /auth|token|appid|grant|access/i.test(message)) return new TranscriptionError('auth', detail);
  if (/quota|balance|欠费|余额|额度/i.test(message)) return new TranscriptionError('quota', detail);
  if (code.startsWith('45')) return new TranscriptionError('bad_input', detail);
  if (code.startsWith('55')) return new TranscriptionError('service_down', detail);
  return new TranscriptionError(kindFromHttpStatus(httpStatus, message), detail);
}

export function createVolcTranscription(config: VolcTranscriptionConfig): TranscriptionEngine {
  const base = config.baseUrl.replace(/\/+$/, '');
  const call = async (step: 'submit' | 'query', requestId: string, body: object, signal: AbortSignal) => {
    let res: Response;
    try {
      res = await fetch(`${base}/api/v3/auc/bigmodel/${step}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Api-App-Key': config.appId,
          'X-Api-Access-Key': config.accessToken,
          'X-Api-Resource-Id': config.resourceId,
          'X-Api-Request-Id': requestId,
          'X-Api-Sequence': '-1',
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (e) {
      throw new TranscriptionError('service_down', String(e));
    }
    const text = await res.text();
    const code = res.headers.get('x-api-status-code') ?? '';
    const message = res.headers.get('x-api-message') ?? text.slice(0, 200);
    return { res, text, code, message };
  };

  return {
    id: 'volcengine-transcription',
    languages: Object.keys(VOLC_LANGUAGES) as TranscriptionLanguage[],
    async transcribe({ file, language, signal }) {
      const lang = language ? VOLC_LANGUAGES[language as TranscriptionLanguage] : '';
      if (lang === undefined) throw new TranscriptionError('unsupported_language', language);
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const requestId = randomUUID();
      const url = await config.publicUrl(file);
      try {
        const submitted = await call(
          'submit',
          requestId,
          {
            user: { uid: config.appId },
            audio: { url, format: FORMATS[path.extname(file).toLowerCase()] ?? 'wav', ...(lang ? { language: lang } : {}) },
            request: { model_name: 'bigmodel', enable_itn: true, enable_punc: true, show_utterances: true },
          },
          both,
        );
        if (submitted.code !== VOLC_DONE) throw failure(submitted.code, submitted.message, submitted.res.status);
        for (;;) {
          await sleep(config.pollMs, undefined, { signal: both });
          const q = await call('query', requestId, {}, both);
          if (VOLC_PENDING.has(q.code)) continue;
          if (q.code === VOLC_SILENT) {
            const { duration } = await probe(file, { signal });
            return { language: language ?? 'zh', text: '', segments: [], duration };
          }
          if (q.code !== VOLC_DONE) throw failure(q.code, q.message, q.res.status);
          const reply = JSON.parse(q.text) as VolcResult;
          const segments = (reply.result?.utterances ?? [])
            .filter((u) => typeof u.start_time === 'number' && typeof u.end_time === 'number' && u.text?.trim())
            .map((u, i) => ({ id: i, start: round(u.start_time! / 1000), end: round(u.end_time! / 1000), text: u.text!.trim() }));
          return {
            language: language ?? 'zh',
            text: (reply.result?.text ?? segments.map((s) => s.text).join('')).trim(),
            segments,
            duration: round((reply.audio_info?.duration ?? (segments.at(-1)?.end ?? 0) * 1000) / 1000),
          };
        }
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) throw new TranscriptionError('timeout', String(e));
        throw e;
      }
    },
  };
}
