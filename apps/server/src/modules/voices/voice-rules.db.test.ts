import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  confirmVoice,
  deleteVoice,
  editVoice,
  listVoices,
  saveVoice,
  voiceMessages,
  type Voice,
} from '@app/contract';
import { voiceChannels, voices } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { testLedger } from '../billing/testing/ledger.js';
import { makeRecordings, uploadRecording, waitForClones } from './test-support.js';
import { newAccount } from '../../../test/accounts.js';

let app: TestApp;
let rec: Awaited<ReturnType<typeof makeRecordings>>;
let owner: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  app = await buildTestApp();
  rec = await makeRecordings(path.join(app.dataDir, 'fixtures'));
  owner = await newAccount(app, { username: 'owner01' });
  other = await newAccount(app, { username: 'other01' });
});
afterAll(async () => app?.close());

const db = () => app.ctx.database.db;
const row = async (id: number) => (await db().select().from(voices).where(eq(voices.id, id)))[0];
const setVoice = (id: number, values: Partial<typeof voices.$inferInsert>) =>
  db().update(voices).set(values).where(eq(voices.id, id));
const own = async (token: string) =>
  (await app.call<{ list: Voice[]; total: number; generate: number }>(listVoices, { source: '1', limit: 0 }, { token }))
    .data;

async function readyVoice(user = owner, name = '测试声音'): Promise<number> {
  const fileId = await uploadRecording(app, user, rec('speech.wav'));
  const reply = await app.call<{ id: number }>(
    saveVoice,
    { name, file_id: fileId, api: 'local' },
    { token: user.token },
  );
  expect(reply.code, reply.msg).toBe(0);
  await waitForClones(app, user.token);
  return reply.data.id;
}

describe('voice rules', () => {
  it('lets only the owner rename, tune, confirm, re-train or delete', async () => {
    const id = await readyVoice();
    const fileId = await uploadRecording(app, other, rec('speech.wav'));
    for (const [ep, params] of [
      [saveVoice, { id, name: '抢走' }],
      [saveVoice, { id, file_id: fileId }],
      [editVoice, { voice_id: id, rate: 1, volume: 1, pitch: 1 }],
      [confirmVoice, { voice_id: id }],
      [deleteVoice, { id }],
    ] as const) {
      expect((await app.call(ep, params, { token: other.token })).msg).toBe(voiceMessages.voiceMissing);
    }
    expect((await own(other.token)).total).toBe(0);
    expect((await row(id))?.name).toBe('测试声音');
  });

  it('renames, but never a type-11 voice, and asks for a name', async () => {
    const id = await readyVoice(owner, '旧名字');
    expect(await app.call(saveVoice, { id, name: '  ' }, { token: owner.token })).toMatchObject({
      code: 1,
      msg: voiceMessages.renameRequired,
    });
    expect(await app.call(saveVoice, { id, name: '新名字' }, { token: owner.token })).toMatchObject({
      code: 0,
      msg: voiceMessages.renamed,
    });
    expect((await row(id))?.name).toBe('新名字');
    await setVoice(id, { type: 11 });
    expect((await app.call(saveVoice, { id, name: '再改' }, { token: owner.token })).msg).toBe(
      voiceMessages.nameLocked,
    );
  });

  it('saves sliders in range, refuses xf voices and out-of-range values', async () => {
    const id = await readyVoice();
    expect(
      await app.call(editVoice, { voice_id: id, rate: 1.5, volume: 2.2, pitch: 0.8 }, { token: owner.token }),
    ).toMatchObject({ code: 0, msg: voiceMessages.edited });
    expect(await row(id)).toMatchObject({
      rate: 1.5,
      volume: expect.closeTo(2.2, 5) as number,
      pitch: expect.closeTo(0.8, 5) as number,
    });
    expect(
      (await app.call(editVoice, { voice_id: id, rate: 2.5, volume: 1, pitch: 1 }, { token: owner.token })).code,
    ).toBe(1);
    // Reset sends 1, 1, 1.
    await app.call(editVoice, { voice_id: id, rate: 1, volume: 1, pitch: 1 }, { token: owner.token });
    expect(await row(id)).toMatchObject({ rate: 1, volume: 1, pitch: 1 });
    await setVoice(id, { api: 'xf' });
    expect(
      (await app.call(editVoice, { voice_id: id, rate: 1.2, volume: 1, pitch: 1 }, { token: owner.token })).msg,
    ).toBe(voiceMessages.xfEditRefused);
  });

  it('refuses tuning, confirming or deleting a voice that is cloning or failed', async () => {
    const id = await readyVoice();
    await setVoice(id, { generateStatus: 1 });
    expect(
      (await app.call(editVoice, { voice_id: id, rate: 1, volume: 1, pitch: 1 }, { token: owner.token })).msg,
    ).toBe(voiceMessages.cloning);
    expect((await app.call(confirmVoice, { voice_id: id }, { token: owner.token })).msg).toBe(voiceMessages.cloning);
    expect((await app.call(deleteVoice, { id }, { token: owner.token })).msg).toBe(voiceMessages.retrainBusy);
    await setVoice(id, { generateStatus: 3 });
    expect((await app.call(confirmVoice, { voice_id: id }, { token: owner.token })).msg).toBe(
      voiceMessages.cloneFailed,
    );
    await setVoice(id, { generateStatus: 2 });
  });

  it('re-trains while remained_times lasts, one fewer each time, never while cloning', async () => {
    const id = await readyVoice();
    expect((await row(id))?.remainedTimes).toBe(3);
    const fileId = await uploadRecording(app, owner, rec('speech.mp3'));
    expect(await app.call(saveVoice, { id, file_id: fileId }, { token: owner.token })).toMatchObject({
      code: 0,
      msg: voiceMessages.cloneStarted,
    });
    expect((await app.call(saveVoice, { id, file_id: fileId }, { token: owner.token })).msg).toBe(
      voiceMessages.retrainBusy,
    );
    await waitForClones(app, owner.token);
    expect(await row(id)).toMatchObject({ remainedTimes: 2, generateStatus: 2, sampleFileId: fileId });
    await setVoice(id, { remainedTimes: 0 });
    expect((await app.call(saveVoice, { id, file_id: fileId }, { token: owner.token })).msg).toBe(
      voiceMessages.noRetrainLeft,
    );
  });

  it('deletes only when no re-training is left; confirming locks the voice for good and allows deleting', async () => {
    const id = await readyVoice();
    expect((await app.call(deleteVoice, { id }, { token: owner.token })).msg).toBe(voiceMessages.deleteRefused);
    expect(await app.call(confirmVoice, { voice_id: id }, { token: owner.token })).toMatchObject({
      code: 0,
      msg: voiceMessages.confirmed,
    });
    expect(await row(id)).toMatchObject({ isConfirmed: 1, remainedTimes: 0 });
    expect((await app.call(confirmVoice, { voice_id: id }, { token: owner.token })).msg).toBe(
      voiceMessages.confirmedLocked,
    );
    expect(
      (await app.call(editVoice, { voice_id: id, rate: 1.2, volume: 1, pitch: 1 }, { token: owner.token })).msg,
    ).toBe(voiceMessages.confirmedLocked);
    const fileId = await uploadRecording(app, owner, rec('speech.wav'));
    expect((await app.call(saveVoice, { id, file_id: fileId }, { token: owner.token })).msg).toBe(
      voiceMessages.confirmedLocked,
    );
    expect(await app.call(saveVoice, { id, name: '确认后改名' }, { token: owner.token })).toMatchObject({
      code: 0,
      msg: voiceMessages.renamed,
    });
    expect(await app.call(deleteVoice, { id }, { token: owner.token })).toMatchObject({
      code: 0,
      msg: voiceMessages.deleted,
    });
    expect(await row(id)).toBeUndefined();
  });

  it('lists own voices with paging, name search and the cloning count', async () => {
    const mine = await own(owner.token);
    const first = await app.call<{ list: Voice[]; total: number }>(
      listVoices,
      { source: '1', page: 1, limit: 2 },
      { token: owner.token },
    );
    expect(first.data.list).toHaveLength(2);
    expect(first.data.total).toBe(mine.total);
    const found = await app.call<{ list: Voice[] }>(listVoices, { source: '1', name: '新名' }, { token: owner.token });
    expect(found.data.list.map((v) => v.name)).toEqual(['新名字']);
    expect(
      (await app.call<{ list: Voice[] }>(listVoices, { source: '1', name: '%' }, { token: owner.token })).data.list,
    ).toEqual([]);
  });
});

describe('clone billing', () => {
  const balance = (userId: number) => testLedger(db()).balance(userId);

  it('uses the free clones first, then reserves the price, settles on success and refunds on failure', async () => {
    await db().update(voiceChannels).set({ credits: 50, freeTimes: 1 }).where(eq(voiceChannels.api, 'local'));
    const payer = await newAccount(app, { username: 'payer01' });
    await testLedger(db()).grantCredits(payer.id, 120, new Date(Date.now() + 86_400_000), '测试赠送');
    const good = await uploadRecording(app, payer, rec('speech.wav'));
    const silent = await uploadRecording(app, payer, rec('mostly-silent.wav'));

    expect(
      (await app.call(saveVoice, { name: '免费', file_id: good, api: 'local' }, { token: payer.token })).code,
    ).toBe(0);
    expect(await balance(payer.id)).toBe(120);
    expect(
      (await app.call(saveVoice, { name: '付费', file_id: good, api: 'local' }, { token: payer.token })).code,
    ).toBe(0);
    expect(await balance(payer.id)).toBe(70);
    await waitForClones(app, payer.token);
    expect(await balance(payer.id)).toBe(70);

    expect(
      (await app.call(saveVoice, { name: '失败', file_id: silent, api: 'local' }, { token: payer.token })).code,
    ).toBe(0);
    expect(await balance(payer.id)).toBe(20);
    await waitForClones(app, payer.token);
    expect(await balance(payer.id)).toBe(70);

    await testLedger(db()).spendCredits(payer.id, 30, '测试消费');
    const short = await app.call(saveVoice, { name: '不够', file_id: good, api: 'local' }, { token: payer.token });
    expect(short.msg).toBe(accountMessages.creditsShort);
    expect((await own(payer.token)).list.map((v) => v.name).sort()).toEqual(['付费', '免费', '失败'].sort());
    await db().update(voiceChannels).set({ credits: 0, freeTimes: 0 }).where(eq(voiceChannels.api, 'local'));
  });
});
