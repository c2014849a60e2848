import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchDetail,
  batchMessages as m,
  batchZipLink,
  listBatches,
  parseBatchSheet,
  previewBatch,
  studioMessages,
  submitBatch,
  type BatchRowInput,
  type BatchSummary,
  type BatchWorkRow,
  type DataOf,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';
import { creditReservations, works } from '../../db/schema/index.js';
import { makeClip } from '../../engines/avatar/testing/media.js';
import { testLedger } from '../billing/testing/ledger.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo } from '../avatars/index.js';
import { addVoice, cloneAvatar } from '../works/testing/studio.js';
import { blankRow, templateXlsx } from './sheet.js';
import { zipEntries } from './testing/zip-entries.js';

/** A row of the sheet with every column empty but those given. */
const row = (r: Partial<BatchRowInput>): BatchRowInput => ({ ...blankRow(), ...r });

/** The works of a batch's rows and the holds of their prices. */
async function worksAndHolds(t: TestApp, ids: number[]) {
  const db = t.ctx.database.db;
  const made = await db.select().from(works).where(inArray(works.id, ids));
  const keys = made.map((w) => w.jobKey);
  const holds = await db.select().from(creditReservations).where(inArray(creditReservations.jobKey, keys));
  return { made, holds };
}

type Preview = DataOf<typeof previewBatch>;

describe('a batch of 100 rows (submission only, no workers)', () => {
  let t: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;
  let avatarId: number;
  let bobAvatar: number;
  let voiceId: number;

  beforeAll(async () => {
    t = await buildTestApp({ AVATAR_CHANNELS: 'local=local', ROLE: 'api' });
    alice = await newAccount(t, { credits: 100_000 });
    bob = await newAccount(t, { credits: 10 });
    const db = t.ctx.database.db;
    const ready = { status: AVATAR_STATUS.ready, sourceKey: 'public/demo/a.mp4', duration: 6, hs: 2 };
    avatarId = (
      await avatarsRepo.insert(db, { ...ready, userId: null, source: AVATAR_SOURCE.public, name: '主播小美' })
    ).id;
    bobAvatar = (await avatarsRepo.insert(db, { ...ready, userId: bob.id, source: AVATAR_SOURCE.own, name: '鲍勃' }))
      .id;
    voiceId = await addVoice(t, { userId: null });
  }, 120_000);
  afterAll(() => t?.close());

  const hundred = () =>
    Array.from({ length: 100 }, (_, i) =>
      row({
        name: `视频 ${i + 1}`,
        script: `第${i + 1}条：大家好，欢迎来到直播间。`,
        avatar: '主播小美',
        voice: '测试声音',
      }),
    );

  it('turns 100 rows into 100 works, one hold each, and takes exactly their holds from the balance', async () => {
    const rows = hundred();
    rows[0] = { ...rows[0]!, captions: '黄字黑边' };
    rows[1] = { ...rows[1]!, captions: '是' };
    const before = await testLedger(t.ctx.database.db).balance(alice.id);
    const preview = await t.call<Preview>(previewBatch, { rows: JSON.stringify(rows) }, { token: alice.token });
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.invalid).toBe(0);
    expect(preview.data.rows).toHaveLength(100);
    expect(preview.data.rows.every((r) => r.credits > 0 && r.avatar_name === '主播小美')).toBe(true);

    const started = Date.now();
    const r = await t.call<{ id: number; works: number; credits: number }>(
      submitBatch,
      { name: '百条', rows: JSON.stringify(rows) },
      { token: alice.token },
    );
    expect(r.code, r.msg).toBe(0);
    expect(r.msg).toBe(m.submitted(100));
    expect(r.data.works).toBe(100);
    // A few seconds on an idle machine; the bound leaves room for a loaded test machine.
    expect(Date.now() - started).toBeLessThan(60_000);

    const detail = await t.call<BatchSummary & { rows: BatchWorkRow[] }>(
      batchDetail,
      { id: r.data.id },
      { token: alice.token },
    );
    const ids = detail.data.rows.map((x) => x.work_id);
    expect(new Set(ids).size).toBe(100);
    expect(detail.data.rows.map((x) => x.name)).toEqual(rows.map((x) => x.name));
    expect(detail.data).toMatchObject({ total: 100, running: 100, done: 0, failed: 0 });

    const db = t.ctx.database.db;
    const { made, holds } = await worksAndHolds(t, ids);
    expect(made).toHaveLength(100);
    // The 字幕 column reaches the studio's caption params: a named style, the default one, or none.
    const captionsOf = (row: number) =>
      made.find((w) => w.id === ids[row])!.params.captions as { color: string } | null;
    expect(captionsOf(0)?.color).toBe('#ffd400');
    expect(captionsOf(1)?.color).toBe('#ffffff');
    expect(captionsOf(2)).toBeNull();
    expect(holds).toHaveLength(100);
    expect(holds.every((h) => h.status === 'held')).toBe(true);
    const held = holds.reduce((s, h) => s + h.held, 0);
    expect(held).toBe(preview.data.held);
    expect(r.data.credits).toBe(held);
    expect(await testLedger(db).balance(alice.id)).toBe(before - held);

    // The same sheet sent again at once (a double click) is the same batch, holding nothing more.
    const again = await t.call<{ id: number }>(submitBatch, { rows: JSON.stringify(rows) }, { token: alice.token });
    expect(again.data.id).toBe(r.data.id);
    expect(await testLedger(db).balance(alice.id)).toBe(before - held);
  }, 120_000);

  it('refuses a forged row with another account’s avatar by its row number, holding nothing', async () => {
    const rows = hundred().slice(0, 5);
    rows[3] = row({ ...rows[3], avatar: String(bobAvatar) });
    const before = await testLedger(t.ctx.database.db).balance(alice.id);
    const preview = await t.call<Preview>(previewBatch, { rows: JSON.stringify(rows) }, { token: alice.token });
    expect(preview.data.invalid).toBe(1);
    expect(preview.data.rows[3]!.errors).toEqual([{ column: 'avatar', message: studioMessages.avatarMissing }]);
    const r = await t.call(submitBatch, { rows: JSON.stringify(rows) }, { token: alice.token });
    expect(r.code).toBe(1);
    expect(r.msg).toBe(m.rowError(4, '数字人', studioMessages.avatarMissing));
    // By name, another account's avatar is simply not among the caller's.
    rows[3] = row({ ...rows[3], avatar: '鲍勃' });
    const byName = await t.call(submitBatch, { rows: JSON.stringify(rows) }, { token: alice.token });
    expect(byName.msg).toBe(m.rowError(4, '数字人', m.avatarNotFound('鲍勃')));
    expect(await testLedger(t.ctx.database.db).balance(alice.id)).toBe(before);
  });

  it('checks every cell in the studio’s words, refuses filled columns it cannot make, and names ambiguity', async () => {
    const db = t.ctx.database.db;
    await avatarsRepo.insert(db, {
      status: AVATAR_STATUS.ready,
      sourceKey: 'x.mp4',
      duration: 6,
      userId: alice.id,
      source: AVATAR_SOURCE.own,
      name: '主播小美',
    });
    const rows = [
      row({ script: '你好', avatar: String(avatarId), voice: String(voiceId) }),
      row({ script: '', avatar: '主播小美', voice: '没有这个声音', channel: '不存在的通道' }),
      row({
        script: '你好',
        avatar: String(avatarId),
        voice: String(voiceId),
        captions: '红色',
        background: '海边',
      }),
      row({ script: '你好', avatar: String(avatarId), voice: String(voiceId) }),
      row({ script: '你好', avatar: String(avatarId), voice: String(voiceId), captions: '是' }),
      // A colour behind an avatar not recorded on a screen: taken, its person is matted when rendered.
      row({ script: '你好呀', avatar: String(avatarId), voice: String(voiceId), background: '#00FF00' }),
    ];
    const p = await t.call<Preview>(previewBatch, { rows: JSON.stringify(rows) }, { token: alice.token });
    expect(p.data.rows[0]!.errors).toEqual([]);
    expect(p.data.rows[1]!.errors).toEqual([
      { column: 'script', message: studioMessages.scriptRequired },
      { column: 'avatar', message: m.avatarAmbiguous('主播小美', 2) },
      { column: 'voice', message: m.voiceNotFound('没有这个声音') },
      { column: 'channel', message: m.channelNotFound('不存在的通道') },
    ]);
    expect(p.data.rows[2]!.errors).toEqual([
      { column: 'captions', message: m.captionsInvalid('经典白字黑边、黄字黑边、黑底白字、宋体白字') },
      { column: 'background', message: m.backgroundNotFound('海边') },
    ]);
    expect(p.data.rows[3]!.errors).toEqual([{ column: 'name', message: m.duplicateRow(1) }]);
    expect(p.data.rows[4]!.errors).toEqual([]);
    expect(p.data.rows[5]!.errors).toEqual([]);
    expect(p.data.invalid).toBe(3);
    // A guest of few credits is refused the whole batch before anything is held.
    const poor = await t.call(submitBatch, { rows: JSON.stringify(hundred().slice(0, 3)) }, { token: bob.token });
    expect(poor.code).toBe(1);
    expect(poor.msg).toMatch(/^积分不足/);
    expect(await testLedger(db).balance(bob.id)).toBe(10);
  });

  it('reads the template back: XLSX and CSV sheets give the same rows, pasted tab-separated rows too', async () => {
    const example = row({ name: '示例', script: '大家好', avatar: '主播小美', voice: '测试声音' });
    const xlsx = await templateXlsx(example);
    const fromXlsx = await t.call<{ rows: BatchRowInput[] }>(
      parseBatchSheet,
      { file_name: 'a.xlsx', content: xlsx.toString('base64') },
      { token: alice.token },
    );
    expect(fromXlsx.data.rows).toEqual([example]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/batch/template?format=csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    const fromCsv = await t.call<{ rows: BatchRowInput[] }>(
      parseBatchSheet,
      { file_name: 'a.csv', content: csv.rawPayload.toString('base64') },
      { token: alice.token },
    );
    // The template's example names this site's public avatar and voice.
    expect(fromCsv.data.rows).toEqual([
      row({ name: m.exampleName, script: m.exampleScript, avatar: '主播小美', voice: '测试声音' }),
    ]);
    const pasted = await t.call<{ rows: BatchRowInput[] }>(
      parseBatchSheet,
      { text: '名称\t台词\t数字人\t声音\n甲\t你好\t主播小美\t测试声音\n' },
      { token: alice.token },
    );
    expect(pasted.data.rows).toEqual([row({ name: '甲', script: '你好', avatar: '主播小美', voice: '测试声音' })]);
    const garbage = await t.call(
      parseBatchSheet,
      { content: Buffer.from('PK\u0003\u0004junk').toString('base64') },
      {
        token: alice.token,
      },
    );
    expect(garbage.msg).toBe(m.sheetUnreadable);
  });
});

describe('a batch rendered to the end', () => {
  let t: TestApp;
  let alice: TestAccount;
  let media: string;

  beforeAll(async () => {
    media = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-'));
    t = await buildTestApp({ AVATAR_CHANNELS: 'local=local' });
    alice = await newAccount(t, { credits: 10_000 });
    await cloneAvatar(
      t,
      alice,
      await makeClip(path.join(media, 'a.mp4'), { width: 360, height: 640, seconds: 6 }),
      '小美',
    );
    await addVoice(t, { userId: null });
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(media, { recursive: true, force: true });
  });

  it('refunds a failing row alone and zips the finished videos under their rows’ names', async () => {
    const rows = [
      row({ name: '开场', script: '大家好，欢迎光临。', avatar: '小美', voice: '测试声音' }),
      row({ name: '产品/介绍', script: '这款产品非常好用。', avatar: '小美', voice: '测试声音' }),
      // Counted as a script, but there is nothing in it to say: its video fails at the speech step.
      row({ name: '无声', script: '！！！……', avatar: '小美', voice: '测试声音' }),
      row({ name: '开场', script: '谢谢大家的观看。', avatar: '小美', voice: '测试声音' }),
    ];
    const db = t.ctx.database.db;
    const before = await testLedger(db).balance(alice.id);
    const r = await t.call<{ id: number; credits: number }>(
      submitBatch,
      { rows: JSON.stringify(rows) },
      { token: alice.token },
    );
    expect(r.code, r.msg).toBe(0);
    const end = await waitFor(
      'batch end',
      async () => {
        const l = await t.call<{ list: BatchSummary[] }>(listBatches, {}, { token: alice.token });
        const b = l.data.list.find((x) => x.id === r.data.id);
        return b && b.running === 0 ? b : null;
      },
      400_000,
      1000,
    );
    expect(end).toMatchObject({ total: 4, done: 3, failed: 1 });
    const detail = await t.call<{ rows: BatchWorkRow[] }>(batchDetail, { id: r.data.id }, { token: alice.token });
    const failed = detail.data.rows.find((x) => x.status === 4)!;
    expect(failed.row).toBe(3);
    expect(failed.fail_reason).not.toBe('');
    const { made, holds } = await worksAndHolds(
      t,
      detail.data.rows.map((x) => x.work_id),
    );
    const failedWork = made.find((w) => w.id === failed.work_id)!;
    for (const h of holds) expect(h.status).toBe(h.jobKey === failedWork.jobKey ? 'refunded' : 'settled');
    const charged = made.reduce((s, w) => s + w.creditsCharged, 0);
    expect(charged).toBeGreaterThan(0);
    expect(await testLedger(db).balance(alice.id)).toBe(before - charged);

    const link = await t.call<{ url: string }>(batchZipLink, { id: r.data.id }, { token: alice.token });
    expect(link.code, link.msg).toBe(0);
    const zip = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['开场.mp4', '产品_介绍.mp4', '开场（4）.mp4']);
    // Each entry is a whole video: an MP4 of exactly the stored size of one finished work.
    for (const e of entries) expect(e.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const sizes = await Promise.all(
      made.filter((w) => w.status === 3).map(async (w) => (await t.ctx.storage.head(w.videoKey!))!.size),
    );
    expect(entries.map((e) => e.bytes.length).sort()).toEqual(sizes.sort());
    // The link is the caller's: changed, it opens nothing.
    const forged = await t.app.inject({ method: 'GET', url: link.data.url.replace(/uid=\d+/, 'uid=1') });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toBe(m.linkExpired);
    // Another account cannot read the batch at all.
    const eve = await newAccount(t);
    expect((await t.call(batchZipLink, { id: r.data.id }, { token: eve.token })).msg).toBe(m.batchMissing);
  }, 600_000);
});
