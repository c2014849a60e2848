import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeUpload,
  filesMessages,
  listMaterials,
  saveMaterial,
  signUpload,
  type MaterialItem,
  type RegisteredFile,
  type UploadSignature,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { files, users } from '../../db/schema/index.js';
import { startFakeOss } from '../../platform/storage/testing/fake-oss.js';
import { startFakeS3 } from '../../platform/storage/testing/fake-s3.js';
import { makeMedia, multipart } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let media: (name: string) => string;
beforeAll(async () => {
  media = await makeMedia(fs.mkdtempSync(path.join(os.tmpdir(), 'remote-media-')));
}, 120_000);

type Fake = { url: string; close: () => Promise<void>; objects: Map<string, { body: Buffer; type: string }> };

const drivers: { name: string; start: () => Promise<{ fake: Fake; env: Record<string, string> }> }[] = [
  {
    name: 'oss',
    start: async () => {
      const fake = await startFakeOss({ bucket: 'avatar-media', accessKeyId: 'LTAIfake', secret: 'oss-fake-secret' });
      return {
        fake,
        env: {
          STORAGE_DRIVER: 'oss',
          OSS_REGION: 'cn-hangzhou',
          OSS_BUCKET: 'avatar-media',
          OSS_ACCESS_KEY_ID: 'LTAIfake',
          OSS_ACCESS_KEY_SECRET: 'oss-fake-secret',
          OSS_ENDPOINT: fake.url,
        },
      };
    },
  },
  {
    name: 's3',
    start: async () => {
      const fake = await startFakeS3({
        bucket: 'avatar-media',
        accessKeyId: 'AKfake',
        secret: 's3-fake-secret',
        region: 'us-east-1',
      });
      return {
        fake,
        env: {
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: fake.url,
          S3_BUCKET: 'avatar-media',
          S3_ACCESS_KEY_ID: 'AKfake',
          S3_SECRET_ACCESS_KEY: 's3-fake-secret',
        },
      };
    },
  },
];

describe.each(drivers)('STORAGE_DRIVER=$name against a fake of the service on loopback', ({ name, start }) => {
  let t: TestApp;
  let fake: Fake;
  let user: { id: number; token: string };
  beforeAll(async () => {
    const s = await start();
    fake = s.fake;
    t = await buildTestApp(s.env);
    user = await newAccount(t, { username: 'remote_user' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const sign = async (fileType: string) =>
    (await t.call<UploadSignature>(signUpload, { file_type: fileType }, { token: user.token })).data;
  /** The browser's form post: fields, then the file, with no type of its own. */
  const postForm = (s: UploadSignature, key: string, content: Buffer) => {
    const { body, contentType } = multipart({ key, ...s.fields }, { content, filename: path.basename(key) });
    return fetch(s.host, { method: 'POST', headers: { 'content-type': contentType }, body });
  };
  const register = (fileType: string, key: string) =>
    t.call<RegisteredFile>(completeUpload, { file_type: fileType, url: key }, { token: user.token });
  const usedBytes = async () =>
    (await t.ctx.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.storageUsedBytes;
  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  it('puts, heads, reads a range and deletes objects with signed requests', async () => {
    const body = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    await t.ctx.storage.put('users/9/video/a.mp4', body);
    expect(await t.ctx.storage.head('users/9/video/a.mp4')).toMatchObject({ size: 1000 });
    const chunks: Buffer[] = [];
    for await (const c of await t.ctx.storage.read('users/9/video/a.mp4', { start: 10, end: 19 }))
      chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(body.subarray(10, 20))).toBe(true);
    await t.ctx.storage.delete('users/9/video/a.mp4');
    expect(await t.ctx.storage.head('users/9/video/a.mp4')).toBeNull();
  });

  it('signed GET URLs work with Range and a Chinese download name; tampered or expired ones are refused', async () => {
    await t.ctx.storage.put('users/9/image/p.png', Buffer.from('png-bytes'));
    const url = t.ctx.storage.signedUrl('users/9/image/p.png', { expiresIn: 60, downloadName: '我的图片.png' });
    const res = await fetch(url, { headers: { range: 'bytes=0-2' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('png');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('我的图片.png')}`);
    expect((await fetch(url.replace('users/9/image/p.png', 'users/8/image/p.png'))).status).toBe(403);
    const expired = t.ctx.storage.signedUrl('users/9/image/p.png', { expiresIn: -10 });
    expect((await fetch(expired)).status).toBe(403);
  });

  it('the browser flow: sign, POST the form straight to the service, register after probing, list', async () => {
    const s = (await t.call<UploadSignature>(signUpload, { file_type: 'video' }, { token: user.token })).data;
    expect(s.host.startsWith(fake.url)).toBe(true);
    const key = `${s.dir}${Date.now()}1234.mp4`;
    const { body, contentType } = multipart(
      { key, ...s.fields },
      { content: fs.readFileSync(media('clip.mp4')), filename: 'clip.mp4' },
    );
    const res = await fetch(s.host, { method: 'POST', headers: { 'content-type': contentType }, body });
    expect(res.status).toBe(200);
    const reg = await t.call<RegisteredFile>(
      completeUpload,
      { file_type: 'video', url: `${s.host}/${key}` },
      { token: user.token },
    );
    expect(reg).toMatchObject({ code: 0, data: { width: 320, height: 240 } });
    await t.call(saveMaterial, { file_id: reg.data.file_id, name: '远程视频' }, { token: user.token });
    const listed = await t.call<{ list: MaterialItem[] }>(listMaterials, { page: 1, limit: 10 }, { token: user.token });
    const played = await fetch(listed.data.list[0]!.url);
    expect(Buffer.from(await played.arrayBuffer()).equals(fs.readFileSync(media('clip.mp4')))).toBe(true);
  });

  it('the service refuses a forged signature, a key outside the folder and an oversize file; a bad file is deleted at registration', async () => {
    const s = (await t.call<UploadSignature>(signUpload, { file_type: 'image' }, { token: user.token })).data;
    const send = (fields: Record<string, string>, content: Buffer) => {
      const { body, contentType } = multipart(fields, { content, filename: 'x.png' });
      return fetch(s.host, { method: 'POST', headers: { 'content-type': contentType }, body });
    };
    const sigField = 'X-Amz-Signature' in s.fields ? 'X-Amz-Signature' : 'signature';
    expect(
      (
        await send(
          {
            key: `${s.dir}a.png`,
            ...s.fields,
            [sigField]: s.fields[sigField]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
          },
          Buffer.from('x'),
        )
      ).status,
    ).toBe(403);
    expect((await send({ key: `users/${user.id + 1}/image/a.png`, ...s.fields }, Buffer.from('x'))).status).toBe(403);
    expect((await send({ key: `${s.dir}big.png`, ...s.fields }, Buffer.alloc(10 * 1024 * 1024 + 1))).status).toBe(400);
    const key = `${s.dir}text.png`;
    expect((await send({ key, ...s.fields }, Buffer.from('not an image'))).status).toBe(200);
    const reg = await t.call(completeUpload, { file_type: 'image', url: key }, { token: user.token });
    expect(reg).toMatchObject({ code: 1, msg: filesMessages.imageRule });
    expect(fake.objects.has(key)).toBe(false);
    expect([...fake.objects.keys()].some((k) => k.includes('big') || k.includes(`users/${user.id + 1}`))).toBe(false);
  });

  it('signed GET URLs name the type by the key\u2019s extension, for objects the browser stored without one', async () => {
    const s = await sign('voice');
    const key = `${s.dir}${Date.now()}typed.mp3`;
    const content = fs.readFileSync(media('speech.mp3'));
    expect((await postForm(s, key, content)).status).toBe(200);
    expect(fake.objects.get(key)?.type).toBe('application/octet-stream');
    const reg = await register('voice', key);
    expect(reg.code).toBe(0);
    const res = await fetch(reg.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    // Valid for the default FILE_URL_TTL_SECONDS, a day.
    const q = new URL(reg.data.url).searchParams;
    const lifetime = name === 'oss' ? Number(q.get('Expires')) - Date.now() / 1000 : Number(q.get('X-Amz-Expires'));
    expect(Math.abs(lifetime - 86400)).toBeLessThan(5);

    const download = await fetch(t.ctx.storage.signedUrl(key, { expiresIn: 60, downloadName: '录音.mp3' }));
    expect(download.headers.get('content-type')).toBe('audio/mpeg');
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('录音.mp3')}`);
    // The type is part of what is signed: a URL asking for another one is refused.
    const swapped = new URL(reg.data.url);
    swapped.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(swapped)).status).toBe(403);
  });

  const rowOf = async (id: number) => (await t.ctx.database.db.select().from(files).where(eq(files.id, id)))[0];
  /** A recording posted and registered, with its record and the quota used once it is. */
  const registeredRecording = async () => {
    const s = await sign('voice');
    const key = `${s.dir}${Date.now()}kept.mp3`;
    const content = fs.readFileSync(media('speech.mp3'));
    expect((await postForm(s, key, content)).status).toBe(200);
    const reg = await register('voice', key);
    expect(reg.code).toBe(0);
    return { key, content, fileId: reg.data.file_id, row: await rowOf(reg.data.file_id), used: await usedBytes() };
  };
  /** A fresh, valid form posting other bytes (text, not sound) to `key`. */
  const postOver = async (key: string) => postForm(await sign('voice'), key, fs.readFileSync(media('text.mp4')));

  if (name === 'oss') {
    const refusedAsExisting = async (res: Response) => {
      expect(res.status).toBe(409);
      expect(await res.text()).toContain('<Code>FileAlreadyExists</Code>');
    };

    it('a second post to a registered key is refused with 409 FileAlreadyExists; bytes, record, sha256 and quota unchanged', async () => {
      const { key, content, fileId, row, used } = await registeredRecording();
      expect(row!.sha256).toBe(sha256(content));

      await refusedAsExisting(await postOver(key));
      expect(fake.objects.get(key)!.body.equals(content)).toBe(true);
      expect(await rowOf(fileId)).toEqual(row);
      expect(await usedBytes()).toBe(used);
    });

    it('two posts to one new key at once: exactly one is stored', async () => {
      const s = await sign('video');
      const key = `${s.dir}${Date.now()}race.mp4`;
      const contents = [fs.readFileSync(media('clip.mp4')), fs.readFileSync(media('faststart.mp4'))];
      const replies = await Promise.all(contents.map((c) => postForm(s, key, c)));
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      await refusedAsExisting(replies.find((r) => r.status === 409)!);
      const winner = contents[replies.findIndex((r) => r.status === 200)]!;
      expect(fake.objects.get(key)!.body.equals(winner)).toBe(true);
    });
  } else {
    it('S3 has no overwrite guard for form posts (see the storage README): the record keeps the probed size and sha256', async () => {
      const { key, content, fileId, row, used } = await registeredRecording();

      expect((await postOver(key)).status).toBe(200);
      const after = await rowOf(fileId);
      expect(after).toEqual(row);
      expect(after!.sha256).toBe(sha256(content));
      expect(after!.size).toBe(content.length);
      expect(await usedBytes()).toBe(used);
      expect(await register('voice', key)).toMatchObject({ code: 1, msg: filesMessages.alreadyRegistered });
    });
  }
});
