import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  completeUpload,
  filesMessages,
  listMaterials,
  saveMaterial,
  signUpload,
  UPLOAD_RULES,
  uploadVoice,
  type MaterialItem,
  type RegisteredFile,
  type UploadSignature,
} from '@app/contract';
import { buildTestApp, signedParams, type TestApp } from '../../../test/helper.js';
import { files, uploadLandings, users } from '../../db/schema/index.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { buildOssPostForm } from '../../platform/storage/upload-policy.js';
import { codecMessages, inspectUpload } from './media-rules.js';
import { sweepUnregistered } from './sweep-unregistered.js';
import { makeMedia, multipart, storedFiles, tempFiles } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let t: TestApp;
let media: (name: string) => string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
let root: string;

beforeAll(async () => {
  // No demo actors: their preparation writes files in the background, and these tests count what is on disk.
  t = await buildTestApp();
  media = await makeMedia(fs.mkdtempSync(path.join(os.tmpdir(), 'upload-media-')));
  alice = await newAccount(t, { username: 'alice_files' });
  bob = await newAccount(t, { username: 'bob_files' });
  root = t.ctx.localStorage!.root;
}, 120_000);
afterAll(async () => t?.close());

const sign = async (token: string, fileType: string) => {
  const r = await t.call<UploadSignature>(signUpload, { file_type: fileType }, { token });
  expect(r.code).toBe(0);
  return r.data;
};
let seq = 0;
const keyIn = (s: UploadSignature, ext: string) => `${s.dir}${Date.now()}${++seq}.${ext}`;
const post = (fields: Record<string, string>, content: Buffer, filename = 'f.bin') => {
  const { body, contentType } = multipart(fields, { content, filename });
  return t.app.inject({
    method: 'POST',
    url: new URL(fields.__host ?? '/storage-upload', 'http://x').pathname,
    headers: { 'content-type': contentType },
    payload: body,
  });
};
const upload = async (s: UploadSignature, key: string, content: Buffer) => post({ key, ...s.fields }, content);
const complete = (token: string, fileType: string, url: string) =>
  t.call<RegisteredFile>(completeUpload, { file_type: fileType, url, size: 1, duration: 1 }, { token });
/** Short clips in codecs the main fixtures do not cover, made on first use next to them. */
const ODD_CODECS: Record<string, string[]> = {
  'hevc.mp4': [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x240:r=25',
    '-t',
    '6',
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-tag:v',
    'hvc1',
    '-x265-params',
    'log-level=error',
  ],
  'vp9.mp4': [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x240:r=10',
    '-t',
    '6',
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
  ],
  'mpeg2.mp4': ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25', '-t', '6', '-c:v', 'mpeg2video'],
  'prores.mov': ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=10', '-t', '6', '-c:v', 'prores_ks', '-profile:v', '0'],
  'flac.m4a': ['-f', 'lavfi', '-i', 'sine=f=440', '-t', '6', '-c:a', 'flac', '-strict', '-2', '-f', 'mp4'],
  's24.wav': ['-f', 'lavfi', '-i', 'sine=f=440', '-t', '6', '-c:a', 'pcm_s24le'],
  'ac3.m4a': ['-f', 'lavfi', '-i', 'sine=f=440', '-t', '6', '-c:a', 'ac3', '-f', 'mp4'],
  'adpcm.wav': ['-f', 'lavfi', '-i', 'sine=f=440', '-t', '6', '-c:a', 'adpcm_ms'],
};
const oddCodecs = () => async (name: string) => {
  const file = media(name);
  if (!fs.existsSync(file)) await ffmpeg([...ODD_CODECS[name]!, file]);
  return file;
};
const usedBytes = async (id: number) =>
  (await t.ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.storageUsedBytes;
const fileCount = async () => (await t.ctx.database.db.select().from(files)).length;

/** The app on a real port, for tests that need a connection they control; started once. */
let listening: Promise<number> | null = null;
const port = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }).then((a) => Number(new URL(a).port)));
const until = async (what: () => boolean) => {
  for (let i = 0; i < 250 && !what(); i++) await new Promise((r) => setTimeout(r, 20));
};
/** Posts a form over its own connection, holding back its last `held` bytes until `finish` is called. */
async function heldPost(form: { body: Buffer; contentType: string }, held = 1024) {
  const req = http.request({
    host: '127.0.0.1',
    port: await port(),
    method: 'POST',
    path: '/storage-upload',
    headers: { 'content-type': form.contentType, 'content-length': form.body.length },
  });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
  });
  req.write(form.body.subarray(0, form.body.length - held));
  return { reply, finish: () => req.end(form.body.subarray(form.body.length - held)) };
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** After a refusal: no object of alice, no temp file, quota and records as before. */
async function expectNothingKept(before: { used: number; records: number }) {
  expect(storedFiles(root, `users/${alice.id}`)).toEqual([]);
  expect(storedFiles(root, `.sums/users/${alice.id}`)).toEqual([]);
  expect(tempFiles(root)).toEqual([]);
  expect(await usedBytes(alice.id)).toBe(before.used);
  expect(await fileCount()).toBe(before.records);
}
let before: { used: number; records: number };
beforeEach(async () => {
  for (const f of storedFiles(root, `users/${alice.id}`)) fs.rmSync(path.join(root, `users/${alice.id}`, f));
  fs.rmSync(path.join(root, `.sums/users/${alice.id}`), { recursive: true, force: true });
  await t.ctx.database.db.delete(files).where(eq(files.userId, alice.id));
  await t.ctx.database.db.delete(uploadLandings).where(eq(uploadLandings.userId, alice.id));
  await t.ctx.database.db.update(users).set({ storageUsedBytes: 0 }).where(eq(users.id, alice.id));
  before = { used: 0, records: await fileCount() };
});

describe('upload signature', () => {
  it('signs an OSS PostObject policy on the caller\u2019s own folder with the type\u2019s size ceiling', async () => {
    const s = await sign(alice.token, 'video');
    expect(s.dir).toBe(`users/${alice.id}/video/`);
    expect(s.host).toBe('/storage-upload');
    const policy = JSON.parse(Buffer.from(s.policy, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['starts-with', '$key', s.dir]);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 500 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual({ bucket: 'local' });
    expect(Math.abs(Date.parse(policy.expiration) / 1000 - (Date.now() / 1000 + 900))).toBeLessThan(5);
    expect(s.expire).toBe(Date.parse(policy.expiration) / 1000);
    // Only the spec's fields: the local store refuses overwrites by itself, so the form need not ask.
    expect(s.fields).toEqual({
      OSSAccessKeyId: s.access_key_id,
      policy: s.policy,
      signature: s.signature,
      success_action_status: '200',
    });
    expect(policy.conditions).not.toContainEqual(['eq', '$x-oss-forbid-overwrite', 'true']);
    const voice = await sign(alice.token, 'voice');
    expect(voice.dir).toBe(`users/${alice.id}/voice/`);
    const voicePolicy = JSON.parse(Buffer.from(voice.policy, 'base64').toString()) as { conditions: unknown[] };
    // Audio that drives a video may run 30 minutes (spec 001 §5); the clone's 20 MB is checked when cloning.
    expect(voicePolicy.conditions).toContainEqual(['content-length-range', 1, 350 * 1024 * 1024]);
    const img = JSON.parse(Buffer.from((await sign(alice.token, 'image')).policy, 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(img.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
  });

  it('needs a login', async () => {
    expect((await t.call(signUpload, { file_type: 'video' })).code).toBe(100);
  });
});

describe('upload and registration', () => {
  it('uploads a video, probes it and registers it with the real size, duration and checksum; quota charged', async () => {
    const s = await sign(alice.token, 'video');
    const key = keyIn(s, 'mp4');
    const content = fs.readFileSync(media('clip.mp4'));
    const res = await upload(s, key, content);
    expect(res.statusCode).toBe(200);
    const r = await complete(alice.token, 'video', `${s.host}/${key}`);
    expect(r).toMatchObject({ code: 0, msg: filesMessages.uploaded });
    expect(r.data.size).toBe(content.length);
    expect(r.data.duration).toBeCloseTo(6, 0);
    expect([r.data.width, r.data.height]).toEqual([320, 240]);
    const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, r.data.file_id));
    expect(row).toMatchObject({
      userId: alice.id,
      kind: 'video',
      mime: 'video/mp4',
      key,
      size: content.length,
      hdr: false,
      codec: 'h264',
    });
    expect(row!.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await usedBytes(alice.id)).toBe(content.length);
    const got = await t.app.inject({ method: 'GET', url: r.data.url, headers: { range: 'bytes=0-99' } });
    expect(got.statusCode).toBe(206);
    expect(got.rawPayload.equals(content.subarray(0, 100))).toBe(true);
  });

  it('takes the checksum while the file streams in; bytes changed after the upload are hashed again', async () => {
    const s = await sign(alice.token, 'video');
    const content = fs.readFileSync(media('clip.mp4'));
    const kept = keyIn(s, 'mp4');
    expect((await upload(s, kept, content)).statusCode).toBe(200);
    // Recorded against this very file as it was written, before anything reads it back.
    expect(await t.ctx.storage.checksum?.(kept)).toBe(createHash('sha256').update(content).digest('hex'));

    const changed = keyIn(s, 'mp4');
    expect((await upload(s, changed, content)).statusCode).toBe(200);
    const other = fs.readFileSync(await oddCodecs()('hevc.mp4'));
    fs.writeFileSync(path.join(root, changed), other);
    const r = await complete(alice.token, 'video', `${s.host}/${changed}`);
    expect(r.code).toBe(0);
    const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, r.data.file_id));
    expect(row!.sha256).toBe(createHash('sha256').update(other).digest('hex'));
    expect(row!.size).toBe(other.length);
  });

  it('registers an image and an mp3 recording', async () => {
    const si = await sign(alice.token, 'image');
    const ki = keyIn(si, 'png');
    expect((await upload(si, ki, fs.readFileSync(media('photo.png')))).statusCode).toBe(200);
    expect((await complete(alice.token, 'image', ki)).data).toMatchObject({ width: 400, height: 400, duration: 0 });
    const sv = await sign(alice.token, 'voice');
    const kv = keyIn(sv, 'mp3');
    expect((await upload(sv, kv, fs.readFileSync(media('speech.mp3')))).statusCode).toBe(200);
    const r = await complete(alice.token, 'voice', `${sv.host}/${kv}`);
    expect(r.code).toBe(0);
    expect(r.data.duration).toBeGreaterThan(5);
    const codecs = await t.ctx.database.db.select({ kind: files.kind, codec: files.codec }).from(files);
    expect(codecs.filter((f) => f.kind !== 'video')).toEqual(
      expect.arrayContaining([
        { kind: 'image', codec: 'png' },
        { kind: 'voice', codec: 'mp3' },
      ]),
    );
  });

  it('accepts the other codecs browsers and our pipeline handle: HEVC and VP9 video, FLAC and PCM sound', async () => {
    const odd = oddCodecs();
    for (const [type, name, ext, codec] of [
      ['video', 'hevc.mp4', 'mp4', 'hevc'],
      ['video', 'vp9.mp4', 'mp4', 'vp9'],
      ['voice', 'flac.m4a', 'm4a', 'flac'],
      ['voice', 's24.wav', 'wav', 'pcm_s24le'],
    ] as const) {
      const s = await sign(alice.token, type);
      const key = keyIn(s, ext);
      expect((await upload(s, key, fs.readFileSync(await odd(name)))).statusCode).toBe(200);
      const r = await complete(alice.token, type, `${s.host}/${key}`);
      expect(r, name).toMatchObject({ code: 0 });
      const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, r.data.file_id));
      expect(row!.codec).toBe(codec);
    }
  });

  it('replies with OSS status codes: 204 by default, 201 with a PostResponse', async () => {
    const s = await sign(alice.token, 'image');
    const { success_action_status: _, ...fields } = s.fields;
    expect((await post({ key: keyIn(s, 'png'), ...fields }, fs.readFileSync(media('photo.png')))).statusCode).toBe(204);
    const created = await post(
      { key: keyIn(s, 'png'), ...fields, success_action_status: '201' },
      fs.readFileSync(media('photo.png')),
    );
    expect(created.statusCode).toBe(201);
    expect(created.body).toContain('<PostResponse>');
  });
});

describe('bad input: refused at the storage host', () => {
  const refusal = (res: { statusCode: number; body: string }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(`<Code>${code}</Code>`);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error>/);
  };

  it('forged signature', async () => {
    const s = await sign(alice.token, 'video');
    const res = await post(
      { key: keyIn(s, 'mp4'), ...s.fields, signature: Buffer.alloc(20, 7).toString('base64') },
      fs.readFileSync(media('clip.mp4')),
    );
    refusal(res, 403, 'SignatureDoesNotMatch');
    await expectNothingKept(before);
  });

  it('a policy rewritten to allow more, signed with the old signature', async () => {
    const s = await sign(alice.token, 'image');
    const doc = JSON.parse(Buffer.from(s.policy, 'base64').toString()) as { conditions: unknown[] };
    doc.conditions = doc.conditions.map((c) =>
      Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e12] : c,
    );
    const policy = Buffer.from(JSON.stringify(doc)).toString('base64');
    refusal(
      await post({ key: keyIn(s, 'png'), ...s.fields, policy }, fs.readFileSync(media('photo.png'))),
      403,
      'SignatureDoesNotMatch',
    );
    await expectNothingKept(before);
  });

  it('expired policy', async () => {
    const dir = `users/${alice.id}/image/`;
    const old = buildOssPostForm(
      { dir, maxBytes: 1e7, expiresIn: 900 },
      t.ctx.localStorage!.postCredentials,
      Date.now() - 3600_000,
    );
    const res = await post({ key: `${dir}old.png`, ...old.fields }, fs.readFileSync(media('photo.png')));
    refusal(res, 403, 'AccessDenied');
    expect(res.body).toContain('Policy expired');
    await expectNothingKept(before);
  });

  it('key outside the user\u2019s folder', async () => {
    const s = await sign(alice.token, 'image');
    for (const key of [`users/${bob.id}/image/x.png`, 'public/actors/x.png', `users/${alice.id}/video/x.png`]) {
      const res = await post({ key, ...s.fields }, fs.readFileSync(media('photo.png')));
      refusal(res, 403, 'AccessDenied');
      expect(res.body).toContain('starts-with');
    }
    expect(storedFiles(root)).toEqual([]);
    await expectNothingKept(before);
  });

  it('key with ../ (and other unsafe keys)', async () => {
    const s = await sign(alice.token, 'image');
    for (const key of [
      `${s.dir}../../${bob.id}/image/x.png`,
      `${s.dir}a/../../x.png`,
      `${s.dir}a\\b.png`,
      `${s.dir}a\u0001.png`,
      `${s.dir}/x.png`,
    ]) {
      refusal(await post({ key, ...s.fields }, fs.readFileSync(media('photo.png'))), 400, 'InvalidObjectName');
    }
    expect(storedFiles(root)).toEqual([]);
    await expectNothingKept(before);
  });

  it('file over the policy size', async () => {
    const s = await sign(alice.token, 'image');
    refusal(await upload(s, keyIn(s, 'png'), Buffer.alloc(10 * 1024 * 1024 + 1, 1)), 400, 'EntityTooLarge');
    await expectNothingKept(before);
  });

  it('zero-byte file', async () => {
    const s = await sign(alice.token, 'video');
    refusal(await upload(s, keyIn(s, 'mp4'), Buffer.alloc(0)), 400, 'EntityTooSmall');
    await expectNothingKept(before);
  });

  it('a form without the file, or with a wrong access key', async () => {
    const s = await sign(alice.token, 'image');
    const { body, contentType } = multipart({ key: keyIn(s, 'png'), ...s.fields });
    refusal(
      await t.app.inject({
        method: 'POST',
        url: '/storage-upload',
        headers: { 'content-type': contentType },
        payload: body,
      }),
      400,
      'InvalidArgument',
    );
    refusal(
      await post({ key: keyIn(s, 'png'), ...s.fields, OSSAccessKeyId: 'someone-else' }, Buffer.from('x')),
      403,
      'InvalidAccessKeyId',
    );
    await expectNothingKept(before);
  });
});

describe('an object already stored is never replaced by a form', () => {
  const alreadyExists = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('<Code>FileAlreadyExists</Code>');
    expect(res.body).toContain(
      '<Message>The object you specified already exists and can not be overwritten.</Message>',
    );
  };

  it('a form with only the spec\u2019s fields lands; a second one to the same key is refused with 409', async () => {
    const s = await sign(alice.token, 'image');
    const key = keyIn(s, 'png');
    const specForm = (sig: UploadSignature) => ({
      key,
      OSSAccessKeyId: sig.access_key_id,
      policy: sig.policy,
      signature: sig.signature,
      success_action_status: '200',
    });
    const content = fs.readFileSync(media('photo.png'));
    expect((await post(specForm(s), content)).statusCode).toBe(200);
    expect(fs.readFileSync(path.join(root, key)).equals(content)).toBe(true);
    alreadyExists(await post(specForm(await sign(alice.token, 'image')), fs.readFileSync(media('photo.jpg'))));
    expect(fs.readFileSync(path.join(root, key)).equals(content)).toBe(true);
    expect(tempFiles(root)).toEqual([]);
  });

  it('a second post to a registered key: 409 FileAlreadyExists; bytes, record, checksum and quota unchanged', async () => {
    const s = await sign(alice.token, 'voice');
    const key = keyIn(s, 'mp3');
    const content = fs.readFileSync(media('speech.mp3'));
    expect((await upload(s, key, content)).statusCode).toBe(200);
    const reg = await complete(alice.token, 'voice', `${s.host}/${key}`);
    expect(reg.code).toBe(0);
    const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, reg.data.file_id));
    expect(row!.sha256).toBe(sha256(content));
    const records = await fileCount();

    // Bytes never probed, posted with a fresh, valid form to the same key.
    const again = await sign(alice.token, 'voice');
    alreadyExists(await upload(again, key, fs.readFileSync(media('text.mp4'))));

    expect(fs.readFileSync(path.join(root, key)).equals(content)).toBe(true);
    expect(await t.ctx.storage.checksum?.(key)).toBe(sha256(content));
    const [after] = await t.ctx.database.db.select().from(files).where(eq(files.id, reg.data.file_id));
    expect(after).toEqual(row);
    expect(await usedBytes(alice.id)).toBe(content.length);
    expect(await fileCount()).toBe(records);
    expect(storedFiles(root, `users/${alice.id}`)).toEqual([key.slice(`users/${alice.id}/`.length)]);
    expect(tempFiles(root)).toEqual([]);
  });

  it('two posts to one new key at once, both past the early check: exactly one is stored', async () => {
    const s = await sign(alice.token, 'video');
    const key = keyIn(s, 'mp4');
    const contents = [fs.readFileSync(media('clip.mp4')), fs.readFileSync(media('faststart.mp4'))];
    const posts = await Promise.all(
      contents.map((content) => heldPost(multipart({ key, ...s.fields }, { content, filename: 'x.mp4' }))),
    );
    // Both are streaming into temp files, so the key was free for each when it was checked.
    await until(() => tempFiles(root).length === 2);
    expect(tempFiles(root)).toHaveLength(2);
    for (const p of posts) p.finish();
    const replies = await Promise.all(posts.map((p) => p.reply));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = replies.find((r) => r.status === 409)!;
    alreadyExists({ statusCode: lost.status, body: lost.body });
    const winner = contents[replies.findIndex((r) => r.status === 200)]!;
    expect(fs.readFileSync(path.join(root, key)).equals(winner)).toBe(true);
    expect(await t.ctx.storage.checksum?.(key)).toBe(sha256(winner));
    expect(tempFiles(root)).toEqual([]);
    const reg = await complete(alice.token, 'video', key);
    expect(reg).toMatchObject({ code: 0, data: { size: winner.length } });
  });
});

describe('posted bytes count from the moment they land', () => {
  const landings = async (id: number) =>
    t.ctx.database.db.select().from(uploadLandings).where(eq(uploadLandings.userId, id));
  /** The admission reads the cap at each post: a test sets it low and puts it back. */
  const withCap = async (bytes: number, fn: () => Promise<void>) => {
    const was = t.ctx.config.UPLOAD_UNREGISTERED_MAX_BYTES;
    t.ctx.config.UPLOAD_UNREGISTERED_MAX_BYTES = bytes;
    try {
      await fn();
    } finally {
      t.ctx.config.UPLOAD_UNREGISTERED_MAX_BYTES = was;
    }
  };

  it('a post counts against the account at once; registering it counts its bytes once', async () => {
    const s = await sign(alice.token, 'video');
    const key = keyIn(s, 'mp4');
    const content = fs.readFileSync(media('clip.mp4'));
    expect((await upload(s, key, content)).statusCode).toBe(200);
    expect(await usedBytes(alice.id)).toBe(content.length);
    expect(await landings(alice.id)).toMatchObject([{ key, bytes: content.length }]);
    const reg = await complete(alice.token, 'video', key);
    expect(reg).toMatchObject({ code: 0, data: { size: content.length } });
    expect(await usedBytes(alice.id)).toBe(content.length);
    expect(await landings(alice.id)).toEqual([]);
  });

  it('one signed form reused for 8 parallel posts: only what fits under the unregistered cap is stored', async () => {
    const s = await sign(alice.token, 'video');
    const content = fs.readFileSync(media('clip.mp4'));
    await withCap(Math.floor(content.length * 2.5), async () => {
      const replies = await Promise.all(Array.from({ length: 8 }, () => upload(s, keyIn(s, 'mp4'), content)));
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 403, 403, 403, 403, 403, 403]);
      for (const r of replies.filter((x) => x.statusCode === 403)) {
        expect(r.body).toContain('<Code>AccessDenied</Code>');
        expect(r.body).toContain(filesMessages.tooManyUnregistered);
      }
    });
    expect(storedFiles(root, `users/${alice.id}`)).toHaveLength(2);
    expect(await usedBytes(alice.id)).toBe(content.length * 2);
    expect(await landings(alice.id)).toHaveLength(2);
    expect(tempFiles(root)).toEqual([]);
  });

  it('a refused registration and the sweep of unregistered posts give the bytes back', async () => {
    const s = await sign(alice.token, 'video');
    const bad = keyIn(s, 'mp4');
    expect((await upload(s, bad, fs.readFileSync(media('text.mp4')))).statusCode).toBe(200);
    expect(await complete(alice.token, 'video', bad)).toMatchObject({ code: 1, msg: filesMessages.videoRule });
    expect(await usedBytes(alice.id)).toBe(0);

    const left = keyIn(s, 'mp4');
    expect((await upload(s, left, fs.readFileSync(media('clip.mp4')))).statusCode).toBe(200);
    expect(await usedBytes(alice.id)).toBeGreaterThan(0);
    // A cutoff in the future: every unregistered object counts as old.
    expect(await sweepUnregistered(t.ctx, -60)).toBeGreaterThanOrEqual(1);
    expect(await usedBytes(alice.id)).toBe(0);
    expect(await landings(alice.id)).toEqual([]);
    expect(storedFiles(root, `users/${alice.id}`)).toEqual([]);
  });
});

describe('signed file URLs', () => {
  /** Registers a recording and saves it into the library, as the web client does. */
  async function savedRecording() {
    const s = await sign(alice.token, 'voice');
    const key = keyIn(s, 'mp3');
    expect((await upload(s, key, fs.readFileSync(media('speech.mp3')))).statusCode).toBe(200);
    const reg = await complete(alice.token, 'voice', key);
    expect(reg.code).toBe(0);
    const saved = await t.call(saveMaterial, { file_id: reg.data.file_id, name: '录音' }, { token: alice.token });
    expect(saved.code).toBe(0);
    return reg.data;
  }
  const listed = async () => {
    const r = await t.call<{ list: MaterialItem[] }>(listMaterials, { page: 1, limit: 10 }, { token: alice.token });
    expect(r.code).toBe(0);
    return r.data.list;
  };
  const expiresOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));

  it('are valid for FILE_URL_TTL_SECONDS, 24 hours unless set', async () => {
    expect(t.config.FILE_URL_TTL_SECONDS).toBe(86400);
    const file = await savedRecording();
    const now = Date.now() / 1000;
    expect(Math.abs(expiresOf(file.url) - (now + 86400))).toBeLessThan(5);
    const [item] = await listed();
    expect(Math.abs(expiresOf(item!.url) - (now + 86400))).toBeLessThan(5);
    expect((await t.app.inject({ method: 'GET', url: item!.url })).statusCode).toBe(200);
  });

  it('are signed afresh on each list: two lists a minute apart give two different URLs, both valid', async () => {
    await savedRecording();
    const [first] = await listed();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    let later: MaterialItem | undefined;
    try {
      [later] = await listed();
    } finally {
      vi.useRealTimers();
    }
    expect(later!.id).toBe(first!.id);
    expect(later!.url).not.toBe(first!.url);
    expect(expiresOf(later!.url) - expiresOf(first!.url)).toBeGreaterThanOrEqual(59);
    const content = fs.readFileSync(media('speech.mp3'));
    for (const url of [first!.url, later!.url]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(content)).toBe(true);
    }
  });
});

describe('bad input: refused at registration', () => {
  /** Uploads a file as the host allows it, then registers it: refused with `msg`, nothing kept. */
  async function refusedAtComplete(type: string, file: string, ext: string, msg: string) {
    const s = await sign(alice.token, type);
    const key = keyIn(s, ext);
    const content = file === '' ? Buffer.alloc(0) : fs.readFileSync(media(file));
    if (content.length) expect((await upload(s, key, content)).statusCode).toBe(200);
    else await t.ctx.storage.put(key, content);
    const r = await complete(alice.token, type, `${s.host}/${key}`);
    expect(r).toMatchObject({ code: 1, msg });
    await expectNothingKept(before);
  }

  it('a .mp4 that is really text', () => refusedAtComplete('video', 'text.mp4', 'mp4', filesMessages.videoRule));
  it('a zero-byte object', () => refusedAtComplete('video', '', 'mp4', filesMessages.emptyFile));
  it('an mp4 with no video stream', () =>
    refusedAtComplete('video', 'sound-only.mp4', 'mp4', filesMessages.videoWithoutPicture));
  it('a truncated mp4 (index at the end, lost)', () =>
    refusedAtComplete('video', 'truncated.mp4', 'mp4', filesMessages.damagedFile));
  it('a truncated mp4 (index first, media data cut)', () =>
    refusedAtComplete('video', 'truncated-faststart.mp4', 'mp4', filesMessages.damagedFile));
  it('a 4-hour video: too long, with the limit', () =>
    refusedAtComplete('video', 'four-hours.mp4', 'mp4', filesMessages.tooLong('video', 1800)));
  it('a whole 1 s video: too short, not of the wrong kind', async () => {
    expect(filesMessages.tooShort('video', 5)).toBe('视频时长不能少于5秒');
    await refusedAtComplete('video', 'one-second.mp4', 'mp4', filesMessages.tooShort('video', 5));
  });
  it('a whole 1 s WAV to drive a video: too short, not of the wrong kind', async () => {
    expect(filesMessages.tooShort('voice', 5)).toBe('音频时长不能少于5秒');
    await refusedAtComplete('voice', 'one-second.wav', 'wav', filesMessages.tooShort('voice', 5));
  });
  it('a huge image (decompression-bomb dimensions), refused from its header', async () => {
    await refusedAtComplete('image', 'bomb.png', 'png', filesMessages.imageTooBig);
    await refusedAtComplete('image', 'bomb-16k.png', 'png', filesMessages.imageTooBig);
  });
  it('an image under 300 px', () => refusedAtComplete('image', 'small.png', 'png', filesMessages.imageTooSmall));
  it('a video registered as a voice', () => refusedAtComplete('voice', 'clip.mp4', 'm4a', filesMessages.audioRule));
  it('an image under the wrong extension', () =>
    refusedAtComplete('image', 'photo.png', 'jpg', filesMessages.imageRule));

  it('a video whose picture is MPEG-2 or ProRes: refused with the codec message', async () => {
    const odd = oddCodecs();
    await odd('mpeg2.mp4');
    await refusedAtComplete('video', 'mpeg2.mp4', 'mp4', codecMessages.video);
    await odd('prores.mov');
    await refusedAtComplete('video', 'prores.mov', 'mov', codecMessages.video);
  });
  it('a recording whose sound is AC-3 (m4a) or ADPCM (wav): refused with the codec message', async () => {
    const odd = oddCodecs();
    await odd('ac3.m4a');
    await refusedAtComplete('voice', 'ac3.m4a', 'm4a', codecMessages.voice);
    await odd('adpcm.wav');
    await refusedAtComplete('voice', 'adpcm.wav', 'wav', codecMessages.voice);
    // The recording path applies the same rule.
    const { body, contentType } = multipart({}, { content: fs.readFileSync(media('adpcm.wav')), filename: '录音.wav' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${uploadVoice.path}?${new URLSearchParams(signedParams({}, t.config.SIGN_SECRET)).toString()}`,
      headers: { 'content-type': contentType, 'x-token': alice.token },
      payload: body,
    });
    expect(res.json()).toMatchObject({ code: 1, msg: codecMessages.voice });
    await expectNothingKept(before);
  });

  it('a key with ../ in the url', async () => {
    const r = await complete(alice.token, 'video', `users/${alice.id}/video/../../${bob.id}/video/x.mp4`);
    expect(r).toMatchObject({ code: 1, msg: filesMessages.fileMissing });
    await expectNothingKept(before);
  });

  it('another user\u2019s url: refused, and their object left alone', async () => {
    const s = await sign(bob.token, 'video');
    const key = keyIn(s, 'mp4');
    expect((await upload(s, key, fs.readFileSync(media('clip.mp4')))).statusCode).toBe(200);
    const r = await complete(alice.token, 'video', `${s.host}/${key}`);
    expect(r).toMatchObject({ code: 1, msg: filesMessages.fileMissing });
    expect(await t.ctx.storage.head(key)).not.toBeNull();
    await expectNothingKept(before);
  });

  it('the same object twice: refused, first record, object and quota unchanged', async () => {
    const s = await sign(alice.token, 'video');
    const key = keyIn(s, 'mp4');
    const content = fs.readFileSync(media('clip.mp4'));
    await upload(s, key, content);
    expect((await complete(alice.token, 'video', key)).code).toBe(0);
    const second = await complete(alice.token, 'video', `${s.host}/${key}`);
    expect(second).toMatchObject({ code: 1, msg: filesMessages.alreadyRegistered });
    expect(await usedBytes(alice.id)).toBe(content.length);
    expect(await fileCount()).toBe(before.records + 1);
    expect(await t.ctx.storage.head(key)).toMatchObject({ size: content.length });
  });

  it('over the storage quota: clear message, nothing kept', async () => {
    const full = 1024 ** 3 - 1000;
    await t.ctx.database.db.update(users).set({ storageUsedBytes: full }).where(eq(users.id, alice.id));
    before.used = full;
    const s = await sign(alice.token, 'video');
    const key = keyIn(s, 'mp4');
    // Posted bytes count as they land: the post itself is refused, with the storage message.
    const res = await upload(s, key, fs.readFileSync(media('clip.mp4')));
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(filesMessages.storageFull);
    expect(await complete(alice.token, 'video', key)).toMatchObject({ code: 1, msg: filesMessages.fileMissing });
    await expectNothingKept(before);
  });
});

describe('recording upload (multipart to the API)', () => {
  const postVoice = (content: Buffer, filename: string, token?: string) => {
    const { body, contentType } = multipart({}, { content, filename });
    const qs = new URLSearchParams(signedParams({}, t.config.SIGN_SECRET)).toString();
    return t.app.inject({
      method: 'POST',
      url: `${uploadVoice.path}?${qs}`,
      headers: { 'content-type': contentType, ...(token ? { 'x-token': token } : {}) },
      payload: body,
    });
  };

  it('registers a wav recording from the form', async () => {
    const res = await postVoice(fs.readFileSync(media('speech.wav')), '录音.wav', alice.token);
    const r = res.json<{ code: number; msg: string; data: RegisteredFile }>();
    expect(r).toMatchObject({ code: 0, msg: filesMessages.uploaded });
    const [row] = await t.ctx.database.db.select().from(files).where(eq(files.id, r.data.file_id));
    expect(row).toMatchObject({ kind: 'voice', mime: 'audio/wav', userId: alice.id });
    expect(row!.key.startsWith(`users/${alice.id}/voice/`)).toBe(true);
  });

  it('code 100 without a token; the spec\u2019s messages for a wrong type and an oversize file', async () => {
    expect((await postVoice(fs.readFileSync(media('speech.wav')), 'a.wav')).json()).toMatchObject({ code: 100 });
    expect((await postVoice(fs.readFileSync(media('text.mp4')), 'a.txt', alice.token)).json()).toMatchObject({
      code: 1,
      msg: filesMessages.audioRule,
    });
    expect((await postVoice(Buffer.alloc(20 * 1024 * 1024 + 1), 'a.wav', alice.token)).json()).toMatchObject({
      code: 1,
      msg: filesMessages.audioTooLarge,
    });
    await expectNothingKept(before);
    expect(fs.readdirSync(path.join(t.dataDir, 'scratch', 'uploads'))).toEqual([]);
  });

  it('a whole 1 s WAV to clone from is too short (not of the wrong kind); a post without a file asks for one', async () => {
    expect((await postVoice(fs.readFileSync(media('one-second.wav')), '录音.wav', alice.token)).json()).toMatchObject({
      code: 1,
      msg: filesMessages.tooShort('voice', 5),
    });
    const { body, contentType } = multipart({ name: 'x' });
    const qs = new URLSearchParams(signedParams({}, t.config.SIGN_SECRET)).toString();
    const empty = await t.app.inject({
      method: 'POST',
      url: `${uploadVoice.path}?${qs}`,
      headers: { 'content-type': contentType, 'x-token': alice.token },
      payload: body,
    });
    expect(empty.json()).toMatchObject({ code: 1, msg: filesMessages.audioMissing });
    await expectNothingKept(before);
  });

  it('a dropped connection mid-upload leaves no scratch file and no object', async () => {
    const scratch = path.join(t.dataDir, 'scratch', 'uploads');
    const inScratch = () => (fs.existsSync(scratch) ? fs.readdirSync(scratch) : []);
    expect(inScratch()).toEqual([]);
    const { body, contentType } = multipart({}, { content: Buffer.alloc(8 * 1024 * 1024, 5), filename: '录音.wav' });
    const qs = new URLSearchParams(signedParams({}, t.config.SIGN_SECRET)).toString();
    const socket = net.connect(await port(), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST ${uploadVoice.path}?${qs} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Token: ${alice.token}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 3 * 1024 * 1024));
    await until(() => inScratch().length > 0);
    expect(inScratch()).toHaveLength(1);
    socket.destroy();
    await until(() => inScratch().length === 0);
    expect(inScratch()).toEqual([]);
    expect(storedFiles(root, `users/${alice.id}/voice`)).toEqual([]);
    await expectNothingKept(before);
  });
});

describe('site pictures from the console', () => {
  /** A w×h PNG, made on first use beside the other fixtures. */
  const png = async (w: number, h: number) => {
    const file = media(`site-${w}x${h}.png`);
    if (!fs.existsSync(file))
      await ffmpeg(['-f', 'lavfi', '-i', `color=c=0x6c5cff:s=${w}x${h}`, '-frames:v', '1', file]);
    return file;
  };
  const registerPicture = async (token: string, file: string, purpose?: 'site') => {
    const s = await sign(token, 'image');
    const key = keyIn(s, 'png');
    expect((await upload(s, key, fs.readFileSync(file))).statusCode).toBe(200);
    const url = `${s.host}/${key}`;
    return t.call<RegisteredFile>(
      completeUpload,
      { file_type: 'image', url, size: 1, ...(purpose ? { purpose } : {}) },
      { token },
    );
  };

  it('takes a 256×256 or 800×200 logo from an operator at a lasting address, and keeps 300 px for other pictures', async () => {
    const operator = await newAccount(t, { username: 'site_operator' });
    await t.ctx.database.db.update(users).set({ role: 'operator' }).where(eq(users.id, operator.id));
    for (const [w, h] of [
      [256, 256],
      [800, 200],
      [16, 16],
    ] as const) {
      const r = await registerPicture(operator.token, await png(w, h), 'site');
      expect(r, `${w}×${h}`).toMatchObject({ code: 0, data: { width: w, height: h } });
      // Public and unsigned, so the logo still shows after a signed address would have expired.
      expect(r.data.url).toMatch(/\/public\/site\/uploads\/[0-9a-f]{64}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: new URL(r.data.url, 'http://x').pathname });
      expect(served.statusCode).toBe(200);
    }
    for (const [w, h] of [
      [12, 64],
      [5000, 64],
    ] as const)
      expect(await registerPicture(operator.token, await png(w, h), 'site'), `${w}×${h}`).toMatchObject({
        code: 1,
        msg: filesMessages.sitePictureSize,
      });
    // Without the purpose an image is a picture to make videos from: the spec's 300 px floor.
    expect(await registerPicture(operator.token, await png(256, 256))).toMatchObject({
      code: 1,
      msg: filesMessages.imageTooSmall,
    });
    // A user's own upload cannot ask for the site's sizes.
    expect(await registerPicture(alice.token, await png(256, 256), 'site')).toMatchObject({
      code: 1,
      msg: filesMessages.sitePictureOperatorsOnly,
    });
  });
});

describe('each media refusal says what is wrong', () => {
  /** A file of `bytes` that takes no disk (sparse): only its size is looked at before the refusal. */
  function sparse(name: string, bytes: number): string {
    const file = path.join(os.tmpdir(), `${randomUUID()}-${name}`);
    fs.writeFileSync(file, '');
    fs.truncateSync(file, bytes);
    return file;
  }

  it('past the size ceiling: the ceiling, not the format', async () => {
    const audio = sparse('long.wav', UPLOAD_RULES.voice.maxBytes + 1);
    const video = sparse('big.mp4', UPLOAD_RULES.video.maxBytes + 1);
    try {
      await expect(inspectUpload('voice', audio, 'a.wav')).rejects.toThrow('音频文件不能超过350MB');
      await expect(inspectUpload('video', video, 'a.mp4')).rejects.toThrow('视频文件不能超过500MB');
      expect(filesMessages.tooLarge('voice', UPLOAD_RULES.voice.maxBytes)).toBe('音频文件不能超过350MB');
    } finally {
      fs.rmSync(audio);
      fs.rmSync(video);
    }
  });

  it('too long and too short name their limit; a wrong format keeps the format message', async () => {
    expect(filesMessages.tooLong('voice', 1800)).toBe('音频时长不能超过30分钟');
    await expect(inspectUpload('voice', media('one-second.wav'), 'a.wav')).rejects.toThrow(
      filesMessages.tooShort('voice', 5),
    );
    await expect(inspectUpload('voice', media('text.mp4'), 'a.wav')).rejects.toThrow(filesMessages.audioRule);
    await expect(inspectUpload('voice', media('one-second.wav'), 'a.flac')).rejects.toThrow(filesMessages.audioRule);
  });
});
