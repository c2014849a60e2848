import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completeUpload,
  deleteMaterial,
  filesMessages,
  listMaterials,
  protocolMessages,
  saveMaterial,
  signUpload,
  type MaterialItem,
  type RegisteredFile,
  type UploadSignature,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { users } from '../../db/schema/index.js';
import { sweepUnregistered } from './sweep-unregistered.js';
import { materialsRepo } from './materials-repo.js';
import { uploadedFiles } from './uploaded-files.js';
import { filesRepo } from './repo.js';
import { makeMedia, multipart, storedFiles, tempFiles } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let t: TestApp;
let media: (name: string) => string;
let carol: { id: number; token: string };
let dave: { id: number; token: string };

beforeAll(async () => {
  // No demo actors: their preparation writes files in the background, and these tests count what is on disk.
  t = await buildTestApp();
  media = await makeMedia(fs.mkdtempSync(path.join(os.tmpdir(), 'material-media-')));
  carol = await newAccount(t, { username: 'carol_materials' });
  dave = await newAccount(t, { username: 'dave_materials' });
}, 120_000);
afterAll(async () => t?.close());

const usedBytes = async (id: number) =>
  (await t.ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!.storageUsedBytes;

/** Sign and post the form to the storage host, as the browser does; the object's key and URL. */
async function postToStorage(token: string, fileType: string, file: string): Promise<{ key: string; url: string }> {
  const s = (await t.call<UploadSignature>(signUpload, { file_type: fileType }, { token })).data;
  const key = `${s.dir}${Date.now()}${Math.random().toString(16).slice(2, 8)}${path.extname(file)}`;
  const { body, contentType } = multipart(
    { key, ...s.fields },
    { content: fs.readFileSync(media(file)), filename: file },
  );
  expect(
    (await t.app.inject({ method: 'POST', url: s.host, headers: { 'content-type': contentType }, payload: body }))
      .statusCode,
  ).toBe(200);
  return { key, url: `${s.host}/${key}` };
}

/** The flow in two calls: sign, post the form to the host, register, save into the library. */
async function uploadMaterial(token: string, fileType: string, file: string, name: string): Promise<number> {
  const { url } = await postToStorage(token, fileType, file);
  const reg = await t.call<RegisteredFile>(completeUpload, { file_type: fileType, url }, { token });
  expect(reg.code).toBe(0);
  const saved = await t.call<{ id: number }>(saveMaterial, { file_id: reg.data.file_id, name }, { token });
  expect(saved).toMatchObject({ code: 0, msg: filesMessages.saved });
  return saved.data.id;
}
const list = async (token: string, params: Record<string, string | number> = {}) =>
  (
    await t.call<{ list: MaterialItem[]; total: number }>(
      listMaterials,
      { page: 1, limit: 9999, source: 0, ...params },
      { token },
    )
  ).data;

describe('materials library', () => {
  let image: number;
  let video: number;
  let audio: number;

  it('saves uploads of each type and lists them by type with their source', async () => {
    image = await uploadMaterial(carol.token, 'image', 'photo.jpg', '海边照片');
    video = await uploadMaterial(carol.token, 'video', 'clip.mp4', '产品视频');
    audio = await uploadMaterial(carol.token, 'voice', 'speech.mp3', '旁白');
    const all = await list(carol.token);
    expect(all.total).toBe(3);
    expect(all.list.map((m) => m.id)).toEqual([audio, video, image]);
    const images = await list(carol.token, { type: 'image' });
    expect(images.list).toHaveLength(1);
    expect(images.list[0]).toMatchObject({
      name: '海边照片',
      type: 'image',
      source: 'upload',
      width: 640,
      height: 480,
    });
    expect((await list(carol.token, { type: 'audio' })).list[0]).toMatchObject({ name: '旁白', type: 'audio' });
    expect((await list(carol.token, { type: 'video', source: 'analyse' })).total).toBe(0);
    expect((await list(dave.token)).total).toBe(0);
  });

  it('lets other features find an upload by file id: owned by the caller, and a library video only as a video', async () => {
    const db = t.ctx.database.db;
    const byType = async (type: string) => (await list(carol.token, { type })).list[0]!;
    const [v, a] = [await byType('video'), await byType('audio')];
    expect(await uploadedFiles.findOwned(db, carol.id, v.file_id)).toEqual({
      id: v.file_id,
      userId: carol.id,
      kind: 'video',
      key: expect.stringMatching(new RegExp(`^users/${carol.id}/video/`)),
      size: v.size,
      duration: v.duration,
      width: v.width,
      height: v.height,
    });
    expect(v.width).toBeGreaterThan(0);
    expect(v.height).toBeGreaterThan(0);
    expect(await uploadedFiles.findOwned(db, dave.id, v.file_id)).toBeNull();
    expect(await uploadedFiles.findMaterialVideo(db, carol.id, v.file_id)).toMatchObject({
      id: v.file_id,
      name: '产品视频',
      kind: 'video',
    });
    expect(await uploadedFiles.findMaterialVideo(db, dave.id, v.file_id)).toBeNull();
    expect(await uploadedFiles.findMaterialVideo(db, carol.id, a.file_id)).toBeNull();
  });

  it('hands out signed URLs, fresh on every list; previews play with Range; downloads carry the Chinese name', async () => {
    const [v] = (await list(carol.token, { type: 'video' })).list;
    expect(v!.url).toMatch(/expires=\d+&sig=/);
    const unsigned = v!.url.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(403);
    const part = await t.app.inject({ method: 'GET', url: v!.url, headers: { range: 'bytes=0-1023' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    const dl = await t.app.inject({ method: 'GET', url: v!.download_url });
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('产品视频.mp4')}`);
    expect(dl.rawPayload.equals(fs.readFileSync(media('clip.mp4')))).toBe(true);
    const [a] = (await list(carol.token, { type: 'audio' })).list;
    expect((await t.app.inject({ method: 'GET', url: a!.url })).headers['content-type']).toBe('audio/mpeg');
  });

  it('renames; only the owner may; a name is required', async () => {
    expect(await t.call(saveMaterial, { id: image, name: '新名字' }, { token: carol.token })).toMatchObject({
      code: 0,
      msg: filesMessages.renamed,
    });
    expect((await list(carol.token, { type: 'image' })).list[0]!.name).toBe('新名字');
    expect(await t.call(saveMaterial, { id: image, name: '  ' }, { token: carol.token })).toMatchObject({
      code: 1,
      msg: filesMessages.nameRequired,
    });
    expect(await t.call(saveMaterial, { id: image, name: '抢走' }, { token: dave.token })).toMatchObject({
      code: 1,
      msg: filesMessages.materialMissing,
    });
  });

  it('deletes: the object is removed and the quota freed; others cannot delete', async () => {
    const before = await usedBytes(carol.id);
    const [v] = (await list(carol.token, { type: 'video' })).list;
    expect(await t.call(deleteMaterial, { id: video }, { token: dave.token })).toMatchObject({
      code: 1,
      msg: filesMessages.materialMissing,
    });
    expect(await t.call(deleteMaterial, { id: video }, { token: carol.token })).toMatchObject({
      code: 0,
      msg: filesMessages.deleted,
    });
    expect(await usedBytes(carol.id)).toBe(before - v!.size);
    expect(storedFiles(t.ctx.localStorage!.root, `users/${carol.id}/video`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: v!.url })).statusCode).toBe(404);
    expect((await list(carol.token)).total).toBe(2);
  });

  it('cannot save someone else\u2019s file; saving an extraction record needs a finished record', async () => {
    const files = await list(carol.token, { type: 'audio' });
    expect(files.total).toBe(1);
    expect(await t.call(saveMaterial, { file_id: 999999, name: 'x' }, { token: carol.token })).toMatchObject({
      code: 1,
      msg: filesMessages.fileMissing,
    });
    expect(
      await t.call(saveMaterial, { source: 'analyse', rid: 12, type: 'video', name: '提取' }, { token: carol.token }),
    ).toMatchObject({
      code: 1,
      msg: filesMessages.recordMissing,
    });
  });
});

describe('an upload registered and saved in one step', () => {
  let erin: { id: number; token: string };
  beforeAll(async () => {
    erin = await newAccount(t, { username: 'erin_materials' });
  });
  const fileOf = (key: string) => filesRepo.findByKey(t.ctx.database.db, key);

  it('is registered, charged and in the library after one call', async () => {
    const { key, url } = await postToStorage(erin.token, 'video', 'clip.mp4');
    const saved = await t.call<{ id: number }>(
      saveMaterial,
      { file_type: 'video', url, name: '一步上传' },
      { token: erin.token },
    );
    expect(saved).toMatchObject({ code: 0, msg: filesMessages.saved });
    const [item] = (await list(erin.token)).list;
    expect(item).toMatchObject({ id: saved.data.id, name: '一步上传', type: 'video', source: 'upload' });
    const file = await fileOf(key);
    expect(item!.file_id).toBe(file!.id);
    expect(item!.size).toBe(fs.statSync(media('clip.mp4')).size);
    expect(await usedBytes(erin.id)).toBe(item!.size);
  });

  it('leaves nothing registered or charged when the save fails after registering: record, quota and object go', async () => {
    const before = await usedBytes(erin.id);
    const { key, url } = await postToStorage(erin.token, 'voice', 'speech.mp3');
    const insert = vi.spyOn(materialsRepo, 'insert').mockRejectedValueOnce(new Error('database went away'));
    try {
      const failed = await t.call(saveMaterial, { file_type: 'voice', url, name: '旁白' }, { token: erin.token });
      expect(failed).toMatchObject({ code: 1, msg: protocolMessages.busy });
      expect(insert).toHaveBeenCalledTimes(1);
    } finally {
      insert.mockRestore();
    }
    expect(await fileOf(key)).toBeNull();
    expect(await usedBytes(erin.id)).toBe(before);
    expect(await t.ctx.storage.head(key)).toBeNull();
    expect(storedFiles(t.ctx.localStorage!.root, `users/${erin.id}/voice`)).toEqual([]);
    expect((await list(erin.token, { type: 'audio' })).total).toBe(0);
  });

  it('registers nothing when refused: a name is required, and the upload rules apply as on registration', async () => {
    const before = await usedBytes(erin.id);
    const unnamed = await postToStorage(erin.token, 'image', 'photo.png');
    expect(
      await t.call(saveMaterial, { file_type: 'image', url: unnamed.url, name: ' ' }, { token: erin.token }),
    ).toMatchObject({ code: 1, msg: filesMessages.nameRequired });
    expect(await fileOf(unnamed.key)).toBeNull();
    // The object is not registered; its bytes count from the moment it landed until the sweep of
    // unregistered uploads removes it.
    const landed = (await t.ctx.storage.head(unnamed.key))!.size;

    const small = await postToStorage(erin.token, 'image', 'small.png');
    expect(
      await t.call(saveMaterial, { file_type: 'image', url: small.url, name: '太小' }, { token: erin.token }),
    ).toMatchObject({ code: 1, msg: filesMessages.imageTooSmall });
    expect(await fileOf(small.key)).toBeNull();
    expect(await t.ctx.storage.head(small.key)).toBeNull();

    expect(
      await t.call(
        saveMaterial,
        { file_type: 'image', url: `users/${dave.id}/image/x.png`, name: '别人的' },
        { token: erin.token },
      ),
    ).toMatchObject({ code: 1, msg: filesMessages.fileMissing });
    expect(await t.call(saveMaterial, { url: unnamed.url, name: '没有类型' }, { token: erin.token })).toMatchObject({
      code: 1,
      msg: filesMessages.saveNeedsFile,
    });
    expect(await usedBytes(erin.id)).toBe(before + landed);
    expect((await list(erin.token, { type: 'image' })).total).toBe(0);
  });
});

describe('uploads never registered', () => {
  it('are swept after a day; registered files and recent uploads stay', async () => {
    const root = t.ctx.localStorage!.root;
    await t.ctx.storage.put(`users/${dave.id}/video/abandoned.mp4`, Buffer.from('x'));
    await t.ctx.storage.put(`users/${dave.id}/video/recent.mp4`, Buffer.from('y'));
    const old = new Date(Date.now() - 2 * 86400_000);
    fs.utimesSync(path.join(root, `users/${dave.id}/video/abandoned.mp4`), old, old);
    const [registered] = (await list(carol.token, { type: 'image' })).list;
    const registeredKey = `users/${carol.id}/image/${path.basename(new URL(registered!.url, 'http://x').pathname)}`;
    fs.utimesSync(path.join(root, registeredKey), old, old);
    expect(await sweepUnregistered(t.ctx, 86400)).toBe(1);
    expect(await t.ctx.storage.head(`users/${dave.id}/video/abandoned.mp4`)).toBeNull();
    expect(await t.ctx.storage.head(`users/${dave.id}/video/recent.mp4`)).not.toBeNull();
    expect(await t.ctx.storage.head(registeredKey)).not.toBeNull();
  });
});

describe('dropped connection mid-upload', () => {
  it('leaves no partial object and no temp file', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const s = (await t.call<UploadSignature>(signUpload, { file_type: 'video' }, { token: carol.token })).data;
    const key = `${s.dir}dropped.mp4`;
    const { body, contentType } = multipart(
      { key, ...s.fields },
      { content: Buffer.alloc(8 * 1024 * 1024, 3), filename: 'dropped.mp4' },
    );
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /storage-upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 3 * 1024 * 1024));
    const root = t.ctx.localStorage!.root;
    for (let i = 0; i < 100 && tempFiles(root).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tempFiles(root)).toHaveLength(1);
    socket.destroy();
    for (let i = 0; i < 100 && tempFiles(root).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(tempFiles(root)).toEqual([]);
    expect(await t.ctx.storage.head(key)).toBeNull();
  });
});
