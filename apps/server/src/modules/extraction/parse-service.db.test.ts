import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listVideoAnalyse, parseVideoLink, type AnalyseRecord } from '@app/contract';
import { buildTestApp, waitFor, type TestApp } from '../../../test/helper.js';
import { analyseRecords } from '../../db/schema/index.js';
import type { FakeServer } from '../../../test/loopback-fake.js';
import { startFakeParseService } from './testing/fake-parse-service.js';
import { makeSiteMedia, startFakeSite, type FakeSite } from './testing/fake-site.js';
import { newAccount } from '../../../test/accounts.js';

/** With an operator's parse service configured, it takes over the links yt-dlp cannot read. */
let t: TestApp;
let dir: string;
let site: FakeSite;
let service: FakeServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parse-service-app-'));
  site = await startFakeSite(await makeSiteMedia(dir));
  service = await startFakeParseService({
    '/share/empty.html': {
      type: 'video',
      desc: '解析服务找到的视频：城市夜景航拍合集',
      videoUrl: `${site.url}/media/clip.mp4`,
      coverUrl: `${site.url}/media/cover.jpg`,
    },
  });
  t = await buildTestApp({
    EXTRACTION_RESOLVERS: 'yt-dlp,parse-service',
    PARSE_SERVICE_URL: service.url,
    TEST_ONLY_ALLOWED_LINK_ADDRESSES: '127.0.0.2',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await service?.close();
  await site?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('falls back to the parse service when yt-dlp finds no video on the page', async () => {
  const m = await newAccount(t);
  const link = `${site.url}/share/empty.html`;
  const sent = await t.call<{ id: number }>(parseVideoLink, { link: `看看 ${link}` }, { token: m.token });
  expect(sent.code).toBe(0);
  const r = await waitFor(
    'the record to end',
    async () => {
      const list = await t.call<{ list: AnalyseRecord[] }>(listVideoAnalyse, {}, { token: m.token });
      const found = list.data.list.find((x) => x.id === sent.data.id);
      return found && found.status !== 1 ? found : null;
    },
    120_000,
  );
  expect(r).toMatchObject({ status: 3, desc: '解析服务找到的视频：城市夜景航拍合集' });
  expect(r.cover).not.toBe('');
  expect(service.requests.map((q) => q.query.get('url'))).toEqual([link]);
  const [row] = await t.ctx.database.db.select().from(analyseRecords).where(eq(analyseRecords.id, r.id));
  expect(row?.resolver).toBe('parse-service');
  // The cover is the service's picture, stored as the record's own.
  expect(fs.existsSync(path.join(t.ctx.localStorage!.root, row!.coverKey))).toBe(true);
});
