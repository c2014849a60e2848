import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chunkAudio, round, stitchTranscripts } from './chunks.js';
import {
  kindFromHttpStatus,
  TRANSCRIPTION_LANGUAGES,
  TranscriptionError,
  type Transcript,
  type TranscriptionEngine,
} from './types.js';

/**
 * Any OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI Whisper, faster-whisper servers, …):
 * multipart `file`, `model`, `language`, `response_format=verbose_json`, `timestamp_granularities[]=segment`;
 * the reply carries `language`, `duration`, `text` and `segments[{id,start,end,text}]` in seconds.
 * Files over the upload limit (25 MB at OpenAI) are cut into chunks and the times stitched.
 */
export interface OpenAiTranscriptionConfig {
  /** e.g. https://api.openai.com/v1 — `/audio/transcriptions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  maxBytes: number;
  timeoutMs: number;
}

/** verbose_json names the language in English words ("chinese"); the product uses ISO codes. */
const LANGUAGE_NAMES: Record<string, string> = {
  chinese: 'zh',
  english: 'en',
  japanese: 'ja',
  korean: 'ko',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  russian: 'ru',
  portuguese: 'pt',
  arabic: 'ar',
};

export function languageCode(name: string | undefined, fallback: string): string {
  if (!name) return fallback;
  const lower = name.toLowerCase();
  return LANGUAGE_NAMES[lower] ?? (lower.length <= 3 ? lower : fallback);
}

interface VerboseJson {
  language?: string;
  duration?: number;
  text?: string;
  segments?: { id?: number; start?: number; end?: number; text?: string }[];
}

async function transcribeOne(config: OpenAiTranscriptionConfig, file: string, language: string | undefined, signal?: AbortSignal): Promise<Transcript> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)]), path.basename(file));
  form.append('model', config.model);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'segment');
  if (language) form.append('language', language);
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let res: Response;
  try {
    res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers: config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {},
      body: form,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new TranscriptionError(timeout.aborted ? 'timeout' : 'service_down', String(e));
  }
  const body = await res.text();
  if (!res.ok) throw new TranscriptionError(kindFromHttpStatus(res.status, body), `HTTP ${res.status}: ${body.slice(0, 300)}`);
  let reply: VerboseJson;
  try {
    reply = JSON.parse(body) as VerboseJson;
  } catch {
    throw new TranscriptionError('failed', `not JSON: ${body.slice(0, 200)}`);
  }
  const segments = (reply.segments ?? [])
    .filter((s) => typeof s.start === 'number' && typeof s.end === 'number' && typeof s.text === 'string')
    .map((s, i) => ({ id: i, start: round(s.start!), end: round(s.end!), text: s.text!.trim() }))
    .filter((s) => s.text);
  return {
    language: languageCode(reply.language, language ?? ''),
    text: (reply.text ?? segments.map((s) => s.text).join(' ')).trim(),
    segments,
    duration: reply.duration ?? segments.at(-1)?.end ?? 0,
  };
}

export function createOpenAiTranscription(config: OpenAiTranscriptionConfig): TranscriptionEngine {
  return {
    id: 'openai-transcription',
    languages: TRANSCRIPTION_LANGUAGES,
    async transcribe({ file, language, signal }) {
      const { chunks, duration, cleanup } = await chunkAudio(file, config.maxBytes, signal);
      try {
        const parts = [];
        let heard = language;
        for (const chunk of chunks) {
          const transcript = await transcribeOne(config, chunk.file, heard, signal);
          // Later chunks are told the language the first one heard, so they do not drift.
          heard ??= transcript.language || undefined;
          parts.push({ offset: chunk.offset, transcript });
        }
        if (parts.length === 1) return parts[0]!.transcript;
        return stitchTranscripts(parts, duration);
      } finally {
        await cleanup();
      }
    },
  };
}
