import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWorks, saveMultiWork, type MultiSceneItem, type Work } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { multiScenes } from '../../db/schema/index.js';
import type { AvatarVideoEngine } from '../../engines/avatar/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

let t: TestApp;
let dir: string;
let alice: TestAccount;
let avatarId: number;
let voiceId: number;
/** Renders running now, the most seen at once, and when each started (ms). */
const renders = { active: 0, most: 0, starts: [] as number[] };

const db = () => t.ctx.database.db;
const scene = (text: string): MultiSceneItem => ({ type: 'text', text, voice_id: voiceId, video_id: avatarId });
const submit = (items: MultiSceneItem[]) =>
  t.call<{ id: number }>(saveMultiWork, { api: 'local', content: JSON.stringify(items) }, { token: alice.token });
const finished = (id: number) =>
  waitFor(
    `work ${id}`,
    async () => {
      const { data } = await t.call<{ list: Work[] }>(listWorks, { limit: 0 }, { token: alice.token });
      return data.list.find((w) => w.id === id && w.status >= 3);
    },
    300_000,
  );

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scene-slots-'));
  // The local channel's engine runs one render at a time.
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local', AVATAR_LOCAL_MAX_CONCURRENCY: '1' });
  alice = await newAccount(t, { credits: 5000 });
  avatarId = (
    await cloneAvatar(t, alice, await makeClip(path.join(dir, 'p.mp4'), { width: 360, height: 640, seconds: 6 }))
  ).id;
  voiceId = await addVoice(t, { userId: alice.id });
  const engine: AvatarVideoEngine = t.ctx.engines.avatar.forChannel('local');
  const render = engine.render.bind(engine);
  engine.render = async (...args) => {
    renders.active++;
    renders.most = Math.max(renders.most, renders.active);
    renders.starts.push(Date.now());
    try {
      return await render(...args);
    } finally {
      renders.active--;
    }
  };
}, 600_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('multi-scene scenes take their engine’s render slots', () => {
  it('with a limit of 1, the scenes fanned out render one at a time and the work still completes', async () => {
    expect(t.ctx.engines.avatar.forChannel('local').maxConcurrency).toBe(1);
    const r = await submit([scene('第一个场景。'), scene('第二个场景。'), scene('第三个场景。')]);
    expect(r.code, r.msg).toBe(0);
    const w = await finished(r.data.id);
    expect(w.status, w.fail_reason).toBe(3);
    expect(renders.starts).toHaveLength(3);
    expect(renders.most).toBe(1);
    const rows = await db().select().from(multiScenes).where(eq(multiScenes.workId, r.data.id));
    expect(rows.map((s) => [s.status, s.engine])).toEqual([
      [3, 'local'],
      [3, 'local'],
      [3, 'local'],
    ]);
  }, 600_000);

  it('a studio work holding the only slot keeps the scenes waiting until it lets go', async () => {
    // A work rendering on the same engine (its lease held for 6 s) takes the one slot.
    const holder = await submit([scene('占用渲染位。')]);
    await finished(holder.data.id);
    const until = Date.now() + 6000;
    await db().execute(
      sql`update works set status = 2, engine = 'local', lease_until = now() + interval '6 seconds' where id = ${holder.data.id}`,
    );
    try {
      renders.starts.length = 0;
      const r = await submit([scene('排队等待的场景。')]);
      expect(r.code, r.msg).toBe(0);
      const w = await finished(r.data.id);
      expect(w.status, w.fail_reason).toBe(3);
      expect(renders.starts).toHaveLength(1);
      expect(renders.starts[0]!).toBeGreaterThanOrEqual(until - 500);
    } finally {
      await db().execute(sql`update works set status = 3, lease_until = null where id = ${holder.data.id}`);
    }
  }, 600_000);
});
