import { createHmac } from 'node:crypto';
import { startLoopbackFake, type FakeReply, type FakeServer } from '../../../../test/loopback-fake.js';

/** How a fake vendor ends its task. */
export type FakeOutcome = 'done' | 'error' | 'rejected' | 'failed' | 'redirect-to-private';

export interface FakeVendorScript {
  /** A real mp4 handed back as the result. */
  resultFile: string;
  outcome: FakeOutcome;
  pollsBeforeEnd?: number;
  /** Where the result link points to in 'redirect-to-private' (a host that must be refused). */
  privateUrl?: string;
}

/**
 * A loopback fake of D-ID's talks API as its published API reference documents it (D-ID API reference,
 * "Create a talk" https://docs.d-id.com/reference/createtalk and "Get a specific talk"
 * https://docs.d-id.com/reference/gettalk; API keys https://docs.d-id.com/docs/api-keys): `POST /talks`
 * answers 201 `{ id, status: 'created' }`; `GET /talks/{id}` answers created → started → done with
 * `result_url`, or `error` / `rejected` with an `error` object. It checks the Basic key.
 */
export async function startFakeDid(apiKey: string, script: FakeVendorScript): Promise<FakeServer> {
  let polls = 0;
  let base = '';
  const server = await startLoopbackFake((req): FakeReply => {
    if (req.path === '/files/result.mp4') return { file: script.resultFile };
    if (req.headers.authorization !== `Basic ${apiKey}`)
      return { status: 401, json: { kind: 'AuthorizationError', description: 'Unauthorized' } };
    if (req.method === 'POST' && req.path === '/talks') {
      const b = req.body as { source_url?: string; script?: { type?: string; audio_url?: string } };
      if (!b.source_url || b.script?.type !== 'audio' || !b.script.audio_url)
        return { status: 400, json: { kind: 'ValidationError', description: 'invalid request' } };
      return {
        status: 201,
        json: { id: 'tlk_fake1', object: 'talk', created_at: new Date().toISOString(), status: 'created' },
      };
    }
    if (req.method === 'GET' && req.path === '/talks/tlk_fake1') {
      polls++;
      if (polls <= (script.pollsBeforeEnd ?? 1))
        return { json: { id: 'tlk_fake1', status: polls === 1 ? 'created' : 'started' } };
      if (script.outcome === 'error')
        return {
          json: { id: 'tlk_fake1', status: 'error', error: { kind: 'InternalServerError', description: 'failed' } },
        };
      if (script.outcome === 'rejected')
        return {
          json: { id: 'tlk_fake1', status: 'rejected', error: { kind: 'FaceError', description: 'face not detected' } },
        };
      const url = script.outcome === 'redirect-to-private' ? (script.privateUrl ?? '') : `${base}/files/result.mp4`;
      return { json: { id: 'tlk_fake1', status: 'done', result_url: url, duration: 3 } };
    }
    return { status: 404, json: { kind: 'NotFoundError' } };
  });
  base = server.url;
  return server;
}

/** Verifies a Kling HS256 JWT the way its server does: signature with the secret, iss, and the time window. */
export function klingTokenValid(token: string, accessKey: string, secretKey: string): boolean {
  const [head, claims, sig] = token.split('.');
  if (!head || !claims || !sig) return false;
  if (createHmac('sha256', secretKey).update(`${head}.${claims}`).digest('base64url') !== sig) return false;
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    iss?: string;
    exp?: number;
    nbf?: number;
  };
  const now = Date.now() / 1000;
  return c.iss === accessKey && (c.exp ?? 0) > now && (c.nbf ?? Infinity) <= now;
}

/**
 * A loopback fake of 可灵's avatar image-to-video API as its published reference describes it
 * (Kling AI API reference, "Avatar": https://app.klingai.com/global/dev/document-api/apiReference/model/avatar,
 * with the reference's API authentication section for the JWT): `POST
 * /v1/videos/avatar/image2video` with `image`, `sound_file` and the required `mode` (std | pro) answers `{ code: 0, data: { task_id,
 * task_status: 'submitted' } }` (or a non-zero code when refused); `GET .../{task_id}` goes submitted →
 * processing → succeed (`task_result.videos[0].url`) or failed (`task_status_msg`). Bearer JWT checked.
 */
export async function startFakeKling(
  accessKey: string,
  secretKey: string,
  script: FakeVendorScript,
): Promise<FakeServer> {
  let polls = 0;
  let base = '';
  const path = '/v1/videos/avatar/image2video';
  const server = await startLoopbackFake((req): FakeReply => {
    if (req.path === '/files/result.mp4') return { file: script.resultFile };
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!klingTokenValid(token, accessKey, secretKey))
      return { status: 401, json: { code: 1000, message: 'Authentication failed' } };
    if (req.method === 'POST' && req.path === path) {
      const b = req.body as { image?: string; sound_file?: string; mode?: string };
      if (!b.image || !b.sound_file || (b.mode !== 'std' && b.mode !== 'pro'))
        return { status: 400, json: { code: 1201, message: 'invalid params' } };
      if (script.outcome === 'rejected')
        return { status: 400, json: { code: 1301, message: 'content security policy' } };
      return { json: { code: 0, message: 'SUCCEED', data: { task_id: 'kl_task_1', task_status: 'submitted' } } };
    }
    if (req.method === 'GET' && req.path === `${path}/kl_task_1`) {
      polls++;
      if (polls <= (script.pollsBeforeEnd ?? 1))
        return {
          json: { code: 0, data: { task_id: 'kl_task_1', task_status: polls === 1 ? 'submitted' : 'processing' } },
        };
      if (script.outcome === 'failed')
        return {
          json: {
            code: 0,
            data: { task_id: 'kl_task_1', task_status: 'failed', task_status_msg: 'generation failed' },
          },
        };
      const url = script.outcome === 'redirect-to-private' ? (script.privateUrl ?? '') : `${base}/files/result.mp4`;
      return {
        json: {
          code: 0,
          data: {
            task_id: 'kl_task_1',
            task_status: 'succeed',
            task_result: { videos: [{ id: 'v1', url, duration: '3' }] },
          },
        },
      };
    }
    return { status: 404, json: { code: 1203, message: 'not found' } };
  });
  base = server.url;
  return server;
}
