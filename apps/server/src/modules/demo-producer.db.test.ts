import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getSiteSettings,
  listAudit,
  listConsoleChannels,
  listWorks,
  saveConsoleChannel,
  type AuditRow,
  type ConsoleChannel,
  type ConsoleChannelKind,
  type SiteSettings,
} from '@app/contract';
import { loginAs, newAccount, type TestAccount } from '../../test/accounts.js';
import { buildTestApp, waitFor, type TestApp } from '../../test/helper.js';
import { DEMO_KIND, demoProducer } from '../../test/demo-producer/index.js';
import {
  createDemoCard,
  demoMessages,
  hideConsoleDemoCard,
  listConsoleDemoCards,
} from '../../test/demo-producer/contract.js';
import { works } from '../db/schema/index.js';
import { testLedger } from './billing/testing/ledger.js';

/**
 * A producer the product does not have, registered by this test alone (test/demo-producer): its
 * table comes from its own migration, its price, its paid job, its calls, its console section and
 * its launcher tile from its module, its price kind from its channel kinds. No file of the product
 * names it.
 */
let t: TestApp;
let admin: string;
let buyer: TestAccount;

const db = () => t.ctx.database.db;
const balance = (m: TestAccount) => testLedger(db()).balance(m.id);

interface GalleryWork {
  id: number;
  status: number;
  credits: number;
}
const galleryWork = async (m: TestAccount, id: number) =>
  (await t.call<{ list: GalleryWork[] }>(listWorks, { page: 1, limit: 50 }, { token: m.token })).data.list.find(
    (w) => w.id === id,
  );
const done = (m: TestAccount, id: number) =>
  waitFor(`demo work ${id} done`, async () => {
    const w = await galleryWork(m, id);
    return w?.status === 3 ? w : null;
  });

beforeAll(async () => {
  t = await buildTestApp({}, { modules: [demoProducer] });
  admin = await loginAs(t, 'admin', 'admin12345');
  buyer = await newAccount(t, { credits: 20 });
});
afterAll(async () => t?.close());

describe('a producer registered by the test app alone', () => {
  it('brings its table through its own migration, recorded once by name', async () => {
    const applied = (await db().execute(sql`select name from drizzle.__module_migrations`)) as unknown as {
      rows: { name: string }[];
    };
    const names = (Array.isArray(applied) ? (applied as { name: string }[]) : applied.rows).map((r) => r.name);
    expect(names.filter((n) => n.startsWith('demo-producer/'))).toEqual([
      'demo-producer/20261128003000_demo_cards.sql',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is a tile of the tool launcher, on by default', async () => {
    const site = (await t.call<SiteSettings>(getSiteSettings)).data;
    expect(site.store_tools).toContain('demoCards');
    expect(site.store_tools).toContain('extraction');
  });

  it('charges its price through the paid job kit and writes a work the gallery shows', async () => {
    const r = await t.call<{ id: number; credits: number }>(
      createDemoCard,
      { text: '你好，演示' },
      { token: buyer.token },
    );
    expect(r).toMatchObject({ code: 0, msg: demoMessages.submitted, data: { credits: 7 } });
    const work = await done(buyer, r.data.id);
    expect(work.credits).toBe(7);
    expect(await balance(buyer)).toBe(13);
    const [row] = await db().select().from(works).where(eq(works.id, r.data.id));
    expect(row).toMatchObject({ kind: DEMO_KIND, storedBytes: Buffer.byteLength('你好，演示') });
    const local = t.ctx.localStorage!;
    expect(fs.readFileSync(path.join(local.root, `users/${buyer.id}/demo/${r.data.id}.txt`), 'utf8')).toBe(
      '你好，演示',
    );
  });

  it('has its price kind on the console\u2019s channel screen, and charges the operator\u2019s price once saved there; a buyer who is short is refused with nothing left behind', async () => {
    const screen = (
      await t.call<{ list: ConsoleChannel[]; kinds: ConsoleChannelKind[] }>(listConsoleChannels, {}, { token: admin })
    ).data;
    expect(screen.kinds).toContainEqual({ kind: DEMO_KIND, label: '演示卡片', unit: '积分/张', described: 0, free: 0 });
    expect(screen.list).toContainEqual(
      expect.objectContaining({ kind: DEMO_KIND, api: 'card', name: '演示卡片（每张）', credits: 7, enabled: 1 }),
    );
    const saved = await t.call(
      saveConsoleChannel,
      { kind: DEMO_KIND, api: 'card', name: '演示卡片（每张）', credits: 3, sort: 0, enabled: 1 },
      { token: admin },
    );
    expect(saved).toMatchObject({ code: 0 });
    const r = await t.call<{ id: number; credits: number }>(createDemoCard, { text: '第二张' }, { token: buyer.token });
    expect(r.data.credits).toBe(3);
    await done(buyer, r.data.id);
    expect(await balance(buyer)).toBe(10);

    const poor = await newAccount(t, { credits: 2 });
    const refused = await t.call(createDemoCard, { text: '买不起' }, { token: poor.token });
    expect(refused).toMatchObject({ code: 1, msg: '积分不足' });
    expect(await db().select().from(works).where(eq(works.userId, poor.id))).toEqual([]);
    expect(await balance(poor)).toBe(2);
  });

  it('has its own console section, behind the console\u2019s role check and audited in its log', async () => {
    expect(await t.call(listConsoleDemoCards, {}, { token: buyer.token })).toMatchObject({ code: 1 });
    const cards = (
      await t.call<{ list: { id: number; text: string; hidden: number }[] }>(listConsoleDemoCards, {}, { token: admin })
    ).data.list;
    expect(cards.map((c) => c.text)).toEqual(['你好，演示', '第二张']);
    const hid = await t.call(hideConsoleDemoCard, { id: cards[0]!.id }, { token: admin });
    expect(hid).toMatchObject({ code: 0, msg: demoMessages.hidden });
    expect(await t.call(hideConsoleDemoCard, { id: 999_999 }, { token: admin })).toMatchObject({
      code: 1,
      msg: demoMessages.missing,
    });
    const audit = (
      await t.call<{ list: AuditRow[] }>(listAudit, { action: 'demo.hide', page: 1, limit: 20 }, { token: admin })
    ).data.list;
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'admin', action: 'demo.hide', target: `demo:${cards[0]!.id}` }),
    ]);
  });
});
