import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ImageRatio } from '@app/contract';
import { defaultHttpPolicy, requestJson, VendorHttpError, type HttpPolicy } from '../avatar/vendor-http.js';
import { downloadPublic, UnsafeLinkError } from '../photo/safe-fetch.js';
import { GenerationError, generationErrorOf, looksLikeModeration } from './errors.js';
import type { ImageEngine } from './types.js';

/**
 * Any OpenAI-compatible image server, as OpenAI's API reference documents `POST /v1/images/generations`
 * (https://platform.openai.com/docs/api-reference/images/create): JSON { model, prompt, n, size,
 * response_format } answered by { created, data: [{ b64_json } | { url }] }; errors are
 * { error: { message, type, code } } (content_policy_violation when moderation refuses).
 * One picture per request, so servers that only allow n = 1 (DALL·E 3) work too.
 * With a reference picture the call is `POST /v1/images/edits`
 * (https://platform.openai.com/docs/api-reference/images/createEdit): multipart/form-data with the
 * picture as `image` (png, jpeg or webp, named and typed as such), `prompt`, `model`, `n`, `size` and
 * `response_format`, answered the same way.
 */
export interface OpenAiImageConfig {
  /** Server root, e.g. https://api.openai.com (a trailing /v1 is accepted). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** 'b64_json' or 'url'; '' leaves it out (gpt-image-1 always answers b64_json). */
  responseFormat: string;
  sizes: Record<ImageRatio, string>;
  maxConcurrency?: number;
  http?: HttpPolicy;
  trustedHosts?: readonly string[];
}

export const DEFAULT_OPENAI_SIZES: Record<ImageRatio, string> = {
  '1:1': '1024x1024',
  '16:9': '1792x1024',
  '9:16': '1024x1792',
  '2:3': '1024x1536',
};

function failureOf(e: VendorHttpError): GenerationError {
  let code = '';
  let message = '';
  try {
    const err = (JSON.parse(e.body ?? '') as { error?: { code?: unknown; message?: unknown; type?: unknown } }).error;
    code = `${String(err?.code ?? '')} ${String(err?.type ?? '')}`;
    message = String(err?.message ?? '');
  } catch {
    // Not JSON: judged by the status alone.
  }
  if (/content_policy|moderation|safety/i.test(code) || looksLikeModeration(message))
    return new GenerationError('contentRejected', { cause: e });
  if (e.status === 401 || e.status === 403) return new GenerationError('authFailed', { cause: e });
  if (/insufficient_quota|billing/i.test(code)) return new GenerationError('accountProblem', { cause: e });
  if (e.status === 429) return new GenerationError('rateLimited', { cause: e });
  if (e.status && e.status >= 400 && e.status < 500) return new GenerationError('badRequest', { cause: e });
  return generationErrorOf(e);
}

/** The type and file name a reference picture is sent with, read from its first bytes. */
export function pictureType(bytes: Buffer): { type: string; name: string } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { type: 'image/png', name: 'reference.png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg', name: 'reference.jpg' };
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return { type: 'image/webp', name: 'reference.webp' };
  return null;
}

export function createOpenAiImageEngine(config: OpenAiImageConfig): ImageEngine {
  const root = `${config.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/images`;
  const http = config.http ?? defaultHttpPolicy;
  const fields = (prompt: string, size: string): Record<string, string | number> => ({
    model: config.model,
    prompt,
    n: 1,
    size,
    ...(config.responseFormat ? { response_format: config.responseFormat } : {}),
  });
  /** The edit call's form: the reference picture and the same fields as a generation. */
  const editForm = (reference: Buffer, prompt: string, size: string): FormData => {
    const kind = pictureType(reference);
    if (!kind) throw new GenerationError('badRequest');
    const form = new FormData();
    form.append('image', new Blob([reference], { type: kind.type }), kind.name);
    for (const [k, v] of Object.entries(fields(prompt, size))) form.append(k, String(v));
    return form;
  };
  return {
    id: 'openai-image',
    maxConcurrency: config.maxConcurrency ?? 2,
    supportsReference: true,
    async generate(req) {
      const files: string[] = [];
      const size = config.sizes[req.ratio];
      for (let i = 0; i < req.count; i++) {
        let body: unknown;
        try {
          body = await requestJson(
            req.reference
              ? {
                  method: 'POST',
                  url: `${root}/edits`,
                  headers: { authorization: `Bearer ${config.apiKey}` },
                  form: editForm(req.reference, req.prompt, size),
                  signal: req.signal,
                }
              : {
                  method: 'POST',
                  url: `${root}/generations`,
                  headers: { authorization: `Bearer ${config.apiKey}` },
                  json: fields(req.prompt, size),
                  signal: req.signal,
                },
            http,
          );
        } catch (e) {
          if (e instanceof VendorHttpError && e.kind === 'http') throw failureOf(e);
          throw generationErrorOf(e);
        }
        const item = ((body as { data?: { b64_json?: unknown; url?: unknown }[] }).data ?? [])[0];
        const file = path.join(req.outDir, `openai-${i}.png`);
        if (typeof item?.b64_json === 'string' && item.b64_json) {
          await fsp.writeFile(file, Buffer.from(item.b64_json, 'base64'));
        } else if (typeof item?.url === 'string' && item.url) {
          try {
            await downloadPublic(item.url, file, { trustedHosts: config.trustedHosts, signal: req.signal });
          } catch (e) {
            if (req.signal?.aborted) throw e;
            throw new GenerationError(e instanceof UnsafeLinkError ? 'resultUnusable' : 'remoteUnreachable', {
              cause: e,
            });
          }
        } else throw new GenerationError('resultUnusable');
        files.push(file);
      }
      return files;
    },
  };
}
