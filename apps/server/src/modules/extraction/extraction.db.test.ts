import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyseMessages,
  audioAnalyseFree,
  deleteAudioAnalyse,
  deleteVideoAnalyse,
  extractAudio,
  filesMessages,
  getSiteSettings,
  type SiteSettings,
  listAudioAnalyse,
  listMaterials,
  listVideoAnalyse,
  parseVideoLink,
  saveMaterial,
  videoAnalyseFree,
  type AnalyseFree,
  type AnalyseRecord,
  type MaterialItem,
} from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { productModulesWith } from '../../../test/modules.js';
import { analyseRecords, creditReservations } from '../../db/schema/index.js';
import { probe } from '../../platform/media/ffmpeg.js';
import { testLedger } from '../billing/testing/ledger.js';
import { saveSiteSettings } from '../site/index.js';
import { toolTilesOf } from '../module.js';
import { registerUpload } from '../works/testing/studio.js';
import { makeSiteMedia, PAGE_TITLE, startFakeSite, type FakeSite } from './testing/fake-site.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

/**
 * Extraction through the HTTP contract with the real yt-dlp: its generic extractor reads a page on
 * 127.0.0.2 (the one address the test-only allowance lets through) holding a <video> and a direct
 * link to an mp4 ffmpeg made. Every other loopback, private and link-local address stays refused.
 */
let t: TestApp;
let dir: string;
let media: { clip: string; silent: string };
let site: FakeSite;
/** A second site on 127.0.0.1, which no link may reach: the redirect test checks it was never asked. */
let inside: FakeSite;

const FREE = 2;
const PRICE = 10;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extraction-'));
  media = await makeSiteMedia(dir);
  inside = await startFakeSite(media, { host: '127.0.0.1' });
  site = await startFakeSite(media, { redirectTo: `${inside.url}/share/video.html` });
  t = await buildTestApp({
    EXTRACTION_FREE_PER_DAY: String(FREE),
    EXTRACTION_CREDITS: String(PRICE),
    EXTRACTION_RESOLVERS: 'yt-dlp',
    TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.2',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await inside?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const balance = (m: TestAccount) => testLedger(t.ctx.database.db).balance(m.id);
const share = (p: string) =>
  `复制打开抖音，看看【街头舞蹈的作品】 ${site.url}${p} 复制此链接，打开Dou音搜索，直接观看视频！`;

async function records(m: TestAccount, kind: 'video' | 'audio', status = ''): Promise<AnalyseRecord[]> {
  const r = await t.call<{ list: AnalyseRecord[] }>(
    kind === 'video' ? listVideoAnalyse : listAudioAnalyse,
    { limit: 999, page: 1, status },
    { token: m.token },
  );
  expect(r.code).toBe(0);
  return r.data.list;
}

/** Waits until the record has ended, and returns it as the list shows it. */
async function ended(m: TestAccount, kind: 'video' | 'audio', id: number): Promise<AnalyseRecord> {
  return waitFor(
    `record ${id} to end`,
    async () => {
      const r = (await records(m, kind)).find((x) => x.id === id);
      return r && r.status !== 1 ? r : null;
    },
    120_000,
  );
}

async function free(m: TestAccount, kind: 'video' | 'audio'): Promise<AnalyseFree> {
  return (await t.call<AnalyseFree>(kind === 'video' ? videoAnalyseFree : audioAnalyseFree, {}, { token: m.token }))
    .data;
}

async function parse(m: TestAccount, link: string) {
  return t.call<{ id: number }>(parseVideoLink, { link }, { token: m.token });
}

/** The stored result, probed from the local store. */
async function probeResult(r: AnalyseRecord) {
  const key = new URL(r.url, 'http://x').pathname.replace(/^\/files\//, '');
  const [row] = await t.ctx.database.db.select().from(analyseRecords).where(eq(analyseRecords.id, r.id));
  const file = (await t.ctx.database.db.execute(sql`select key from files where id = ${row!.fileId}`)) as unknown as {
    rows: { key: string }[];
  };
  expect(decodeURIComponent(key)).toContain(file.rows[0]!.key);
  return probe(path.join(t.ctx.localStorage!.root, file.rows[0]!.key));
}

describe('what a link must be', () => {
  let m: TestAccount;
  beforeAll(async () => {
    m = await newAccount(t, { credits: 100 });
  });

  it('refuses an empty paste, a paste without a link, and non-web schemes', async () => {
    expect(await parse(m, '')).toMatchObject({ code: 1, msg: analyseMessages.linkRequired });
    expect(await parse(m, '   ')).toMatchObject({ code: 1, msg: analyseMessages.linkRequired });
    expect(await parse(m, '看看这个视频，太好看了')).toMatchObject({ code: 1, msg: analyseMessages.linkNotFound });
    expect(await parse(m, 'file:///etc/passwd')).toMatchObject({ code: 1, msg: analyseMessages.linkNotFound });
    expect(await parse(m, 'ftp://example.com/a.mp4')).toMatchObject({ code: 1, msg: analyseMessages.linkNotFound });
    expect(await parse(m, 'http://user:pw@example.com/a.mp4')).toMatchObject({
      code: 1,
      msg: analyseMessages.linkScheme,
    });
  });

  it.each([
    ['loopback', 'http://127.0.0.1/a'],
    ['loopback elsewhere in 127/8', 'http://127.8.9.10/a'],
    ['private 10/8', 'http://10.1.2.3/a'],
    ['private 172.16/12', 'http://172.20.0.5/a'],
    ['private 192.168/16', 'http://192.168.1.1/a'],
    ['link-local and cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['this network', 'http://0.0.0.0:8080/'],
    ['IPv6 loopback', 'http://[::1]/a'],
    ['IPv6 unique local', 'http://[fd12:3456::1]/a'],
    ['IPv6 link-local', 'http://[fe80::1]/a'],
    ['IPv4 mapped in IPv6', 'http://[::ffff:127.0.0.1]/a'],
    ['a name that resolves to loopback', 'http://localhost:8080/a'],
    ['an integer host that is loopback', 'http://2130706433/a'],
  ])('refuses %s at once, for video and audio, with nothing held', async (_, link) => {
    const before = await balance(m);
    expect(await parse(m, `分享 ${link} 快来看`)).toMatchObject({ code: 1, msg: analyseMessages.linkPrivate });
    expect(await t.call(extractAudio, { type: 1, link }, { token: m.token })).toMatchObject({
      code: 1,
      msg: analyseMessages.linkPrivate,
    });
    expect(await balance(m)).toBe(before);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await parse(m, 'http://no-such-host.invalid/v/1')).toMatchObject({
      code: 1,
      msg: analyseMessages.linkUnresolvable,
    });
  });

  it('fails a link that redirects to a private address, without fetching it, and refunds', async () => {
    const paid = await newAccount(t, { credits: 100 });
    // Use up the free ones so this one is paid.
    await t.ctx.database.db.insert(analyseRecords).values(
      Array.from({ length: FREE }, (_, i) => ({
        userId: paid.id,
        kind: 'video',
        status: 3,
        free: 1,
        jobKey: `test:free-${paid.id}-${i}`,
      })),
    );
    const sent = await parse(paid, share('/share/moved'));
    expect(sent).toMatchObject({ code: 0, msg: analyseMessages.submitted });
    expect(await balance(paid)).toBe(100 - PRICE);
    const r = await ended(paid, 'video', sent.data.id);
    expect(r).toMatchObject({
      status: 4,
      status_name: analyseMessages.failed,
      fail_reason: analyseMessages.linkPrivate,
    });
    expect(site.hits).toContain('/share/moved');
    expect(inside.hits).toEqual([]);
    expect(await balance(paid)).toBe(100);
  });

  it('fails an "mp4" that is a playlist of another address, without ffmpeg fetching it', async () => {
    const sent = await parse(m, share('/share/playlist.html'));
    const r = await ended(m, 'video', sent.data.id);
    expect(r).toMatchObject({ status: 4, fail_reason: analyseMessages.notMedia });
    expect(site.hits).toContain('/media/playlist.mp4');
    expect(inside.hits).toEqual([]);
  });

  it('checks audio uploads: needs a file, the caller\u2019s own, and a video', async () => {
    const other = await newAccount(t);
    const theirs = await registerUpload(t, other.id, 'video', media.clip);
    const sound = await registerUpload(t, m.id, 'voice', media.clip);
    expect(await t.call(extractAudio, { type: 2 }, { token: m.token })).toMatchObject({
      code: 1,
      msg: analyseMessages.fileRequired,
    });
    expect(await t.call(extractAudio, { type: 2, file_id: theirs }, { token: m.token })).toMatchObject({
      code: 1,
      msg: filesMessages.fileMissing,
    });
    expect(await t.call(extractAudio, { type: 2, file_id: sound }, { token: m.token })).toMatchObject({
      code: 1,
      msg: analyseMessages.localVideoRule,
    });
    expect(await t.call(extractAudio, { type: 3, link: 'x' }, { token: m.token })).toMatchObject({ code: 1 });
  });
});

describe('video extraction with yt-dlp', () => {
  let m: TestAccount;
  let first: AnalyseRecord;
  beforeAll(async () => {
    m = await newAccount(t, { credits: 15 });
  });

  it('finds the link in a share text, shows it processing, then stores the video with its title', async () => {
    expect(await free(m, 'video')).toEqual({ free_times: FREE, free_per_day: FREE, credits: PRICE });
    const sent = await parse(m, share('/share/video.html'));
    expect(sent).toMatchObject({ code: 0, msg: analyseMessages.submitted });
    const listed = (await records(m, 'video')).find((r) => r.id === sent.data.id);
    expect(listed).toMatchObject({ link: `${site.url}/share/video.html`, type: 1 });
    first = await ended(m, 'video', sent.data.id);
    expect(first).toMatchObject({
      status: 3,
      status_name: analyseMessages.success,
      desc: PAGE_TITLE,
      credits: 0,
      fail_reason: '',
    });
    expect(first.size).toBeGreaterThan(10_000);
    expect(first.cover).not.toBe('');
    expect(first.download_url).not.toBe('');
    const info = await probeResult(first);
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.duration).toBeGreaterThan(5.5);
    expect(site.hits).toContain('/media/clip.mp4');
    // Served to its owner: the download URL answers with the video.
    const res = await t.app.inject({ method: 'GET', url: first.download_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(await free(m, 'video')).toMatchObject({ free_times: FREE - 1 });
    expect(await balance(m)).toBe(15);
  });

  it('a link sent twice at once (a double click) is one extraction', async () => {
    const twice = await newAccount(t);
    const [a, b] = await Promise.all([
      parse(twice, share('/share/video.html')),
      parse(twice, share('/share/video.html')),
    ]);
    expect(a).toMatchObject({ code: 0 });
    expect(b).toMatchObject({ code: 0, data: { id: a.data.id } });
    expect((await records(twice, 'video')).map((r) => r.id)).toEqual([a.data.id]);
    await ended(twice, 'video', a.data.id);
  });

  it('uses the free count only for successes, then charges the price, refunding a failure', async () => {
    const failedFree = await parse(m, share('/share/empty.html'));
    const f = await ended(m, 'video', failedFree.data.id);
    expect(f).toMatchObject({ status: 4, fail_reason: analyseMessages.parseFailed });
    expect(await free(m, 'video')).toMatchObject({ free_times: FREE - 1 });

    const second = await parse(m, share('/share/video.html'));
    expect((await ended(m, 'video', second.data.id)).status).toBe(3);
    expect(await free(m, 'video')).toMatchObject({ free_times: 0 });
    expect(await balance(m)).toBe(15);

    const paid = await parse(m, share('/share/video.html'));
    expect(await balance(m)).toBe(15 - PRICE);
    expect(await ended(m, 'video', paid.data.id)).toMatchObject({ status: 3, credits: PRICE });
    expect(await balance(m)).toBe(15 - PRICE);

    // 5 credits left cannot pay for another: refused, nothing recorded, nothing taken.
    const count = (await records(m, 'video')).length;
    expect(await parse(m, share('/share/video.html'))).toMatchObject({ code: 1, msg: analyseMessages.creditsShort });
    expect(await records(m, 'video')).toHaveLength(count);
    expect(await balance(m)).toBe(15 - PRICE);
  });

  it('refunds a paid extraction that fails', async () => {
    const rich = await newAccount(t, { credits: 50 });
    await t.ctx.database.db.insert(analyseRecords).values(
      Array.from({ length: FREE }, (_, i) => ({
        userId: rich.id,
        kind: 'video',
        status: 3,
        free: 1,
        jobKey: `test:r-${rich.id}-${i}`,
      })),
    );
    const sent = await parse(rich, share('/share/empty.html'));
    expect(await balance(rich)).toBe(50 - PRICE);
    expect(await ended(rich, 'video', sent.data.id)).toMatchObject({
      status: 4,
      fail_reason: analyseMessages.parseFailed,
    });
    expect(await balance(rich)).toBe(50);
    const [row] = await t.ctx.database.db
      .select()
      .from(creditReservations)
      .where(
        eq(
          creditReservations.jobKey,
          (await t.ctx.database.db.select().from(analyseRecords).where(eq(analyseRecords.id, sent.data.id)))[0]!.jobKey,
        ),
      );
    expect(row?.status).not.toBe('held');
  });

  it('starts the free count again at local midnight', async () => {
    expect(await free(m, 'video')).toMatchObject({ free_times: 0 });
    const now = new Date();
    const lastNight = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, 0, 0, 0);
    lastNight.setMilliseconds(-1);
    await t.ctx.database.db.update(analyseRecords).set({ createdAt: lastNight }).where(eq(analyseRecords.userId, m.id));
    expect(await free(m, 'video')).toMatchObject({ free_times: FREE });
    // The audio count is its own.
    expect(await free(m, 'audio')).toMatchObject({ free_times: FREE });
  });

  it('filters by status, keeps records to their owner, deletes only failed ones', async () => {
    const all = await records(m, 'video');
    const failed = await records(m, 'video', '4');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.status === 4)).toBe(true);
    expect((await records(m, 'video', '3')).every((r) => r.status === 3)).toBe(true);
    expect(await records(m, 'video', '1')).toEqual([]);
    expect(all.length).toBe(failed.length + (await records(m, 'video', '3')).length);

    const stranger = await newAccount(t);
    expect(await records(stranger, 'video')).toEqual([]);
    expect(await t.call(deleteVideoAnalyse, { id: failed[0]!.id }, { token: stranger.token })).toMatchObject({
      code: 1,
      msg: analyseMessages.recordMissing,
    });
    expect(await t.call(deleteVideoAnalyse, { id: first.id }, { token: m.token })).toMatchObject({
      code: 1,
      msg: analyseMessages.onlyFailedDeletable,
    });
    expect(await t.call(deleteAudioAnalyse, { id: failed[0]!.id }, { token: m.token })).toMatchObject({
      code: 1,
      msg: analyseMessages.recordMissing,
    });
    expect(await t.call(deleteVideoAnalyse, { id: failed[0]!.id }, { token: m.token })).toMatchObject({
      code: 0,
      msg: analyseMessages.deleted,
    });
    expect((await records(m, 'video')).length).toBe(all.length - 1);
  });

  it('saves a finished record to the materials library, only the caller\u2019s and only finished', async () => {
    const stranger = await newAccount(t);
    const save = (who: TestAccount, rid: number, type = 'video') =>
      t.call<{ id: number }>(
        saveMaterial,
        { type, source: 'analyse', name: first.desc.slice(0, 15), rid },
        { token: who.token },
      );
    expect(await save(stranger, first.id)).toMatchObject({ code: 1, msg: filesMessages.recordMissing });
    expect(await save(m, first.id, 'audio')).toMatchObject({ code: 1, msg: filesMessages.recordMissing });
    const failed = (await records(m, 'video', '4'))[0];
    if (failed) expect(await save(m, failed.id)).toMatchObject({ code: 1, msg: filesMessages.recordMissing });
    expect(await save(m, first.id)).toMatchObject({ code: 0, msg: filesMessages.savedForProcessing });
    const lib = await t.call<{ list: MaterialItem[] }>(
      listMaterials,
      { page: 1, limit: 20, type: 'video', source: 'analyse' },
      { token: m.token },
    );
    expect(lib.data.list).toHaveLength(1);
    expect(lib.data.list[0]).toMatchObject({ name: PAGE_TITLE.slice(0, 15), source: 'analyse', type: 'video' });
    expect(lib.data.list[0]!.size).toBe(first.size);
  });
});

describe('audio extraction', () => {
  let m: TestAccount;
  beforeAll(async () => {
    m = await newAccount(t, { credits: 30 });
  });

  it('takes the audio of a linked video as m4a', async () => {
    const sent = await t.call<{ id: number }>(
      extractAudio,
      { type: 1, link: share('/share/video.html') },
      { token: m.token },
    );
    expect(sent).toMatchObject({ code: 0, msg: analyseMessages.audioSubmitted });
    const r = await ended(m, 'audio', sent.data.id);
    expect(r).toMatchObject({ status: 3, type: 1, desc: PAGE_TITLE });
    const info = await probeResult(r);
    expect(info.video).toBeUndefined();
    expect(info.audio?.codec).toBe('aac');
    expect(info.duration).toBeGreaterThan(5.5);
    expect(await free(m, 'audio')).toMatchObject({ free_times: FREE - 1 });
    expect(await free(m, 'video')).toMatchObject({ free_times: FREE });
  });

  it('takes the audio of an uploaded video, and saves it as audio material', async () => {
    const fileId = await registerUpload(t, m.id, 'video', media.clip);
    const sent = await t.call<{ id: number }>(extractAudio, { type: 2, file_id: fileId }, { token: m.token });
    const r = await ended(m, 'audio', sent.data.id);
    expect(r).toMatchObject({ status: 3, type: 2, link: '' });
    expect((await probeResult(r)).audio?.codec).toBe('aac');
    expect(
      await t.call(
        saveMaterial,
        { type: 'audio', source: 'analyse', name: r.desc.slice(0, 15), rid: r.id },
        { token: m.token },
      ),
    ).toMatchObject({ code: 0, msg: filesMessages.savedForProcessing });
    const lib = await t.call<{ list: MaterialItem[] }>(
      listMaterials,
      { type: 'audio', source: 'analyse' },
      { token: m.token },
    );
    expect(lib.data.list[0]).toMatchObject({ type: 'audio', source: 'analyse' });
  });

  it('fails a video without sound with a clear message and refunds', async () => {
    expect(await free(m, 'audio')).toMatchObject({ free_times: 0 });
    const fileId = await registerUpload(t, m.id, 'video', media.silent);
    const sent = await t.call<{ id: number }>(extractAudio, { type: 2, file_id: fileId }, { token: m.token });
    expect(await balance(m)).toBe(30 - PRICE);
    const r = await ended(m, 'audio', sent.data.id);
    expect(r).toMatchObject({ status: 4, fail_reason: analyseMessages.noAudioTrack });
    expect(await balance(m)).toBe(30);
    expect(await t.call(deleteAudioAnalyse, { id: r.id }, { token: m.token })).toMatchObject({ code: 0 });
  });
});

describe('the launcher\u2019s tiles', () => {
  it('are the tiles the modules bring switched on, extraction\u2019s two among them, unless the operator says otherwise', async () => {
    const site = async () => (await t.call<SiteSettings>(getSiteSettings)).data;
    const brought = toolTilesOf(productModulesWith());
    expect(brought.filter((x) => x.key === 'extraction' || x.key === 'audioExtraction')).toEqual([
      { key: 'extraction', on: true },
      { key: 'audioExtraction', on: true },
    ]);
    expect((await site()).store_tools).toEqual(brought.filter((x) => x.on).map((x) => x.key));
    await saveSiteSettings(t.ctx.database.db, { store_tools: ['audioExtraction'] });
    expect((await site()).store_tools).toEqual(['audioExtraction']);
    await saveSiteSettings(t.ctx.database.db, { store_tools: ['extraction', 'audioExtraction'] });
  });
});
