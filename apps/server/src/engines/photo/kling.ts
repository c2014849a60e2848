import { createHmac } from 'node:crypto';
import { defaultHttpPolicy, requestJson, VendorHttpError, type HttpPolicy } from '../avatar/vendor-http.js';
import { facesOf, renderRemote, type RemotePhotoConfig, type TaskState, type VendorCalls } from './remote.js';
import { PhotoEngineError, type PhotoVideoEngine } from './types.js';

/**
 * 可灵 (Kling) avatar image-to-video (https://app.klingai.com/global/dev/document-api/apiReference/model/avatar):
 * `POST /v1/videos/avatar/image2video` with `image`, `sound_file` and `mode` (std or pro; std here), then
 * `GET /v1/videos/avatar/image2video/{task_id}` until `task_status` is succeed
 * (`task_result.videos[0].url`) or failed (`task_status_msg`). Every reply is `{ code, message, data }`,
 * code 0 meaning success. Authorization is `Bearer <JWT>`, an HS256 token with `iss` = access key,
 * signed with the secret key, valid 30 minutes.
 */
export interface KlingConfig extends RemotePhotoConfig {
  accessKey: string;
  secretKey: string;
  http?: HttpPolicy;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/** The API token: HS256 JWT, iss = access key, exp in 30 minutes, nbf 5 seconds ago. */
export function klingToken(accessKey: string, secretKey: string, now = Date.now()): string {
  const s = Math.floor(now / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: accessKey, exp: s + 1800, nbf: s - 5 }));
  const sig = createHmac('sha256', secretKey).update(`${head}.${claims}`).digest('base64url');
  return `${head}.${claims}.${sig}`;
}

/** Kling's own picture rules (its document): at least 300 px a side, aspect 1:2.5 to 2.5:1. */
const KLING_MIN_FACE = 200;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function refusalCode(body: string | undefined): boolean {
  try {
    const code = (JSON.parse(body ?? '') as { code?: unknown }).code;
    return typeof code === 'number' && code >= 1300 && code < 1400;
  } catch {
    return false;
  }
}

export function klingCalls(config: KlingConfig): VendorCalls {
  const base = `${config.baseUrl.replace(/\/+$/, '')}/v1/videos/avatar/image2video`;
  const http = config.http ?? defaultHttpPolicy;
  const headers = () => ({ authorization: `Bearer ${klingToken(config.accessKey, config.secretKey)}` });
  const data = (body: unknown): Record<string, unknown> | null => {
    const b = body as { code?: unknown; data?: unknown };
    return b.code === 0 && b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : null;
  };
  return {
    async submit(imageUrl, audioUrl, signal) {
      const body = await requestJson(
        {
          method: 'POST',
          url: base,
          headers: headers(),
          json: { image: imageUrl, sound_file: audioUrl, mode: 'std' },
          signal,
        },
        http,
      ).catch((e: unknown) => {
        // Codes 1300–1399 are Kling's policy refusals (content safety, unusable input), answered with HTTP 400.
        if (e instanceof VendorHttpError && e.status === 400 && refusalCode(e.body))
          throw new PhotoEngineError('remoteRejected', false, { cause: e });
        throw e;
      });
      const d = data(body);
      // A refused submission (moderation, unusable picture) carries a non-zero code.
      if (!d) throw new PhotoEngineError('remoteRejected');
      const id = str(d.task_id);
      if (!id) throw new PhotoEngineError('remoteFailed');
      return id;
    },
    async poll(taskId, signal): Promise<TaskState> {
      const body = await requestJson(
        { method: 'GET', url: `${base}/${encodeURIComponent(taskId)}`, headers: headers(), signal },
        http,
      );
      const d = data(body);
      if (!d) return { state: 'failed', rejected: false, reason: str((body as { message?: unknown }).message) };
      const status = str(d.task_status);
      if (status === 'succeed') {
        const videos = (d.task_result as { videos?: { url?: unknown }[] } | undefined)?.videos ?? [];
        const url = str(videos[0]?.url);
        return url ? { state: 'done', url } : { state: 'failed', rejected: false, reason: 'succeed without a video' };
      }
      if (status === 'failed') return { state: 'failed', rejected: false, reason: str(d.task_status_msg) };
      return { state: 'running' };
    },
  };
}

/** 可灵 avatar: a face of at least 200×200 px and an aspect ratio within 1:2.5–2.5:1, checked before spending. */
export function createKlingEngine(config: KlingConfig): PhotoVideoEngine {
  const calls = klingCalls(config);
  return {
    id: 'kling',
    maxConcurrency: config.maxConcurrency ?? 2,
    render: (req) => renderRemote(config, calls, req),
    async checkImage(image, signal) {
      const { width, height, faces } = await facesOf(image, signal);
      const ratio = width / height;
      if (ratio < 1 / 2.5 || ratio > 2.5) throw new PhotoEngineError('aspectUnsupported');
      const face = faces[0];
      if (!face) throw new PhotoEngineError('oneFaceRequired');
      if (face.box.width < KLING_MIN_FACE || face.box.height < KLING_MIN_FACE)
        throw new PhotoEngineError('faceTooSmall');
    },
  };
}
