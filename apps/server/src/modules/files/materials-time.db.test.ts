import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completeUpload,
  listMaterials,
  saveMaterial,
  signUpload,
  type MaterialItem,
  type RegisteredFile,
  type UploadSignature,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { materials } from '../../db/schema/index.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { multipart } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

// A server eight hours east of UTC: a reply that showed UTC would differ from server time here.
vi.stubEnv('TZ', 'Asia/Shanghai');

let t: TestApp;
let photo: string;
beforeAll(async () => {
  t = await buildTestApp();
  photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'material-time-')), 'photo.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=400x400', '-frames:v', '1', photo]);
}, 120_000);
afterAll(async () => t?.close());

describe('material times', () => {
  it('show create_time in server time, as every other reply does', async () => {
    expect(new Date().getTimezoneOffset()).toBe(-480);
    const { token } = await newAccount(t, { username: 'erin_materials' });
    const s = (await t.call<UploadSignature>(signUpload, { file_type: 'image' }, { token })).data;
    const key = `${s.dir}${Date.now()}.png`;
    const { body, contentType } = multipart(
      { key, ...s.fields },
      { content: fs.readFileSync(photo), filename: 'photo.png' },
    );
    const posted = await t.app.inject({
      method: 'POST',
      url: s.host,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(posted.statusCode).toBe(200);
    const reg = await t.call<RegisteredFile>(
      completeUpload,
      { file_type: 'image', url: `${s.host}/${key}` },
      { token },
    );
    const saved = await t.call<{ id: number }>(saveMaterial, { file_id: reg.data.file_id, name: '照片' }, { token });
    const listed = await t.call<{ list: MaterialItem[] }>(
      listMaterials,
      { page: 1, limit: 9999, source: 0 },
      { token },
    );
    const [row] = await t.ctx.database.db.select().from(materials).where(eq(materials.id, saved.data.id));
    expect(listed.data.list.map((m) => m.create_time)).toEqual([formatDateTime(row!.createdAt)]);
    expect(listed.data.list[0]!.create_time).not.toBe(row!.createdAt.toISOString().slice(0, 19).replace('T', ' '));
  });
});
