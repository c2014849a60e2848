import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveWork, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import type { PhotoVideoEngine } from '../../engines/photo/index.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { addVoice } from '../works/testing/studio.js';

/**
 * One user's heavy jobs never make another user's wait: a busy user's works past their turn wait
 * behind another user's first work on the same engine, however much earlier they were submitted.
 * The local photo channel renders one clip at a time; its first render is held until every work is in.
 */
let t: TestApp;
let dir: string;
let photoId: number;
let voiceId: number;
/** Work ids in the order their renders started. */
const started: number[] = [];
let release: () => void = () => undefined;
const firstHeld = new Promise<void>((r) => (release = r));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairness-'));
  t = await buildTestApp({});
  const picture = path.join(dir, 'pet.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=320x240', '-frames:v', '1', picture]);
  await t.ctx.storage.putFile('public/photos/fair.png', picture);
  const rows = (await t.ctx.database.db.execute(
    sql`insert into photos (user_id, type, source, name, image_key, width, height)
        values (null, 2, 2, ${'小狗'}, ${'public/photos/fair.png'}, 320, 240) returning id`,
  )) as unknown as { rows: { id: number }[] };
  photoId = rows.rows[0]!.id;
  voiceId = await addVoice(t, { userId: null });
  const engine: PhotoVideoEngine = t.ctx.engines.photo.forChannel('local');
  expect(engine.maxConcurrency).toBe(1);
  const render = engine.render.bind(engine);
  engine.render = async (req) => {
    // The job's scratch folder is photo-<work id>-<job id>.
    started.push(Number(/photo-(\d+)-/.exec(req.outFile)?.[1]));
    if (started.length === 1) await firstHeld;
    return render(req);
  };
}, 120_000);
afterAll(async () => {
  release();
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const submit = async (m: TestAccount, name: string) => {
  const r = await t.call<{ id: number }>(
    saveWork,
    { name, api: 'local', photo_id: photoId, voice_id: voiceId, text: '你好' },
    { token: m.token },
  );
  expect(r.code, r.msg).toBe(0);
  return r.data.id;
};
const worksOf = async (m: TestAccount) =>
  (await t.call<{ list: Work[] }>(listWorks, { limit: 0 }, { token: m.token })).data.list;

describe('heavy jobs of several users on one engine', () => {
  it("serves another user's first work before a busy user's second, and shows each its fair place", async () => {
    const a = await newAccount(t, { credits: 1000 });
    const b = await newAccount(t, { credits: 1000 });
    const a1 = await submit(a, '甲一');
    await waitFor('the first render', async () => started.length === 1, 60_000);
    const a2 = await submit(a, '甲二');
    const a3 = await submit(a, '甲三');
    const b1 = await submit(b, '乙一');
    // What the gallery shows while the first renders: B's work is next, then A's in their own order.
    const place = async (m: TestAccount, id: number) => (await worksOf(m)).find((w) => w.id === id)?.queue_position;
    expect(await place(b, b1)).toBe(1);
    expect(await place(a, a2)).toBe(2);
    expect(await place(a, a3)).toBe(3);
    release();
    await waitFor(
      'every work done',
      async () => [...(await worksOf(a)), ...(await worksOf(b))].every((w) => w.status === 3),
      120_000,
    );
    expect(started).toEqual([a1, b1, a2, a3]);
  }, 180_000);
});
