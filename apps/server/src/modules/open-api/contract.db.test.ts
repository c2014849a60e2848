import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/accounts.js';
import { startLoopbackFake, type FakeServer } from '../../../test/loopback-fake.js';
import { backend, buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { makeClip, makeTone } from '../../engines/avatar/testing/media.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { cloneAvatar, addVoice } from '../works/testing/studio.js';
import type { paths } from './testing/openapi.js';
import { injectFetch } from './testing/inject-fetch.js';
import { newApiKey } from './testing/api.js';

/**
 * The open API driven the way an integrator would: a client generated from the OpenAPI document the
 * server serves (openapi-typescript types, openapi-fetch calls), never hand-written requests. The
 * committed types must be what the served document generates, so a change to a call that is not in
 * the document (or the reverse) fails here. Regenerate them with `npm run openapi:types`.
 *
 * The calls are the database-independent HTTP surface (both databases run every call in reads,
 * generate and keys tests); this file runs on the embedded database only.
 */
const typesFile = path.join(import.meta.dirname, 'testing', 'openapi.d.ts');

let t: TestApp;
let dir: string;
let client: ReturnType<typeof createClient<paths>>;
let avatarId: string;
let voiceId: string;
let receiver: FakeServer;

/** The webhook receiver's address: loopback, let through by the test-only allowance. */
const RECEIVER = '127.0.0.2';

describe.runIf(backend === 'pglite')('the open API through a generated client', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-contract-'));
    t = await buildTestApp({ AVATAR_CHANNELS: 'local=local', TEST_ONLY_ALLOWED_LINK_ADDRESSES: RECEIVER });
    receiver = await startLoopbackFake({ host: RECEIVER, handle: () => ({ status: 200, text: 'ok' }) });
    const owner = await newAccount(t, { credits: 2000 });
    const key = await newApiKey(t, owner);
    client = createClient<paths>({
      baseUrl: 'http://api.test',
      fetch: injectFetch(t.app),
      headers: { 'X-Api-Key': key },
    });
    const clip = await makeClip(path.join(dir, 'a.mp4'), { width: 360, height: 640, seconds: 6 });
    avatarId = String((await cloneAvatar(t, owner, clip)).id);
    voiceId = String(await addVoice(t, { userId: null }));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves an OpenAPI 3.1 document whose generated types are the committed ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v2/video/generate', '/v1/video_status.get', '/v1/asset', '/v2/avatars', '/v2/voices']),
    );
    const generated = astToString(await openapiTS(doc as never));
    // eslint-disable-next-line no-restricted-properties -- a switch of `npm run openapi:types`, not a setting
    if (process.env.UPDATE_OPENAPI_TYPES) fs.writeFileSync(typesFile, generated);
    expect(generated, 'testing/openapi.d.ts is stale: run npm run openapi:types').toBe(
      fs.readFileSync(typesFile, 'utf8'),
    );
    const page = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/v1/docs/init.js');
  });

  it('uploads an audio asset, makes a two-scene video from it and a script, is told by a signed webhook, and downloads the video', async () => {
    const hook = await client.POST('/v1/webhook/endpoint.add', {
      body: { url: `${receiver.url}/heygen`, events: ['avatar_video.success'] },
    });
    expect(hook.error).toBeUndefined();
    const secret = hook.data!.data.secret;

    const tone = await makeTone(path.join(dir, 'tone.m4a'), 6);
    const asset = await client.POST('/v1/asset', {
      body: fs.readFileSync(tone) as unknown as string,
      bodySerializer: (b) => b,
      headers: { 'Content-Type': 'audio/mp4' },
    });
    expect(asset.response.status).toBe(200);
    const audioId = asset.data!.data.id;

    const quotaBefore = (await client.GET('/v2/user/remaining_quota')).data!.data.remaining_quota;
    const made = await client.POST('/v2/video/generate', {
      body: {
        title: '两段介绍',
        callback_id: 'order-42',
        dimension: { width: 720, height: 1280 },
        video_inputs: [
          {
            character: { type: 'avatar', avatar_id: avatarId },
            voice: { type: 'text', voice_id: voiceId, input_text: '大家好，这是第一段。' },
          },
          {
            character: { type: 'avatar', avatar_id: avatarId },
            voice: { type: 'audio', audio_asset_id: audioId },
          },
        ],
      },
    });
    expect(made.error).toBeUndefined();
    const videoId = made.data!.data.video_id;

    const done = await waitFor(
      `video ${videoId}`,
      async () => {
        const s = await client.GET('/v1/video_status.get', { params: { query: { video_id: videoId } } });
        const d = s.data!.data;
        return d.status === 'completed' || d.status === 'failed' ? d : null;
      },
      240_000,
    );
    expect(done.status).toBe('completed');
    expect((await client.GET('/v2/user/remaining_quota')).data!.data.remaining_quota).toBeLessThan(quotaBefore);

    // The webhook: HeyGen's event, signed with the endpoint's secret over the bytes as sent.
    const [call] = await waitFor('the webhook', async () => {
      const got = receiver.requests.filter((r) => r.method === 'POST' && r.path === '/heygen');
      return got.length ? got : null;
    });
    expect(call!.json()).toEqual({
      event_type: 'avatar_video.success',
      event_data: { video_id: videoId, url: expect.stringMatching(/^http/), callback_id: 'order-42' },
    });
    expect(call!.headers.signature).toBe(createHmac('sha256', secret).update(call!.raw).digest('hex'));

    const file = path.join(dir, 'video.mp4');
    const download = await injectFetch(t.app)(new Request(done.video_url!));
    expect(download.status).toBe(200);
    fs.writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const info = await probe(file);
    expect(info.video).toBeTruthy();
    expect(info.audio).toBeTruthy();
    // The script's sentence and the 6 s tone, one after the other.
    expect(info.duration).toBeGreaterThan(7);
    expect(info.duration).toBeLessThan(14);
    expect(Math.abs(info.duration - Number(done.duration))).toBeLessThan(0.6);
  });
});
