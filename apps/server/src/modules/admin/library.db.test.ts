import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  libraryConsoleMessages,
  listConsoleLibrary,
  listPhotos,
  protocolMessages,
  saveConsoleLibraryItem,
  type ConsoleLibraryItem,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { adminAudit, photos } from '../../db/schema/index.js';
import { loginAs, registerAccount } from '../../../test/accounts.js';

let t: TestApp;
let admin: string;
let member: string;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
  member = (await registerAccount(t, admin, { username: 'library_user' })).token;
  for (const name of ['海边女孩', '办公室男士', '古风少女']) {
    const [row] = await t.ctx.database.db
      .insert(photos)
      .values({ type: 1, source: 2, name, imageKey: `public/photos/${name}.png` })
      .returning({ id: photos.id });
    ids.push(row!.id);
  }
  // Someone's own picture: never part of the public library.
  const [own] = await t.ctx.database.db
    .insert(photos)
    .values({ type: 1, source: 1, name: '私人照片', imageKey: 'u/1/p.png' })
    .returning({ id: photos.id });
  ids.push(own!.id);
});
afterAll(async () => t?.close());

const publicNames = async () =>
  (
    await t.call<{ list: { name: string }[] }>(listPhotos, { source: '2', type: 1, limit: 0 }, { token: member })
  ).data.list.map((p) => p.name);
const consoleList = async () =>
  (await t.call<{ list: ConsoleLibraryItem[] }>(listConsoleLibrary, { kind: 'person' }, { token: admin })).data.list;

describe('public library curation', () => {
  it('is for staff: a member gets code 1, no token code 100', async () => {
    for (const [ep, params] of [
      [listConsoleLibrary, { kind: 'person' }],
      [saveConsoleLibraryItem, { kind: 'person', id: ids[0]!, name: 'x', hidden: 1, sort: 0 }],
    ] as const) {
      expect(await t.call(ep, params, { token: member })).toMatchObject({ code: 1, msg: protocolMessages.consoleOnly });
      expect(await t.call(ep, params)).toMatchObject({ code: 100 });
    }
    expect(await publicNames()).toHaveLength(3);
  });

  it('renames, hides and orders public pictures; the public library follows at once; audited', async () => {
    const list = await consoleList();
    expect(list.map((i) => i.name)).toEqual(['古风少女', '办公室男士', '海边女孩']);
    expect(list[2]!.cover).toContain('public/photos/');

    const save = (id: number, name: string, hidden: number, sort: number) =>
      t.call(saveConsoleLibraryItem, { kind: 'person', id, name, hidden, sort }, { token: admin });
    expect(await save(ids[2]!, '古风少女·新', 0, -1)).toMatchObject({ code: 0, msg: libraryConsoleMessages.saved });
    expect(await save(ids[0]!, '海边女孩', 1, 0)).toMatchObject({ code: 0 });

    expect(await publicNames()).toEqual(['古风少女·新', '办公室男士']);
    expect((await consoleList()).map((i) => [i.name, i.hidden])).toEqual([
      ['古风少女·新', 0],
      ['办公室男士', 0],
      ['海边女孩', 1],
    ]);
    const audits = await t.ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'library.update'));
    expect(audits).toHaveLength(2);
    expect(audits[0]!.before).toMatchObject({ name: '古风少女', sort: 0 });

    // Shown again.
    expect(await save(ids[0]!, '海边女孩', 0, 0)).toMatchObject({ code: 0 });
    expect(await publicNames()).toContain('海边女孩');
  });

  it("refuses someone's own picture, the wrong library and unknown ids", async () => {
    const own = ids[3]!;
    for (const [kind, id] of [
      ['person', own],
      ['pet', ids[0]!],
      ['avatar', 999_999],
      ['voice', 999_999],
    ] as const)
      expect(
        await t.call(saveConsoleLibraryItem, { kind, id, name: 'x', hidden: 1, sort: 0 }, { token: admin }),
      ).toMatchObject({ code: 1, msg: libraryConsoleMessages.missing });
    const [row] = await t.ctx.database.db.select().from(photos).where(eq(photos.id, own));
    expect(row!.name).toBe('私人照片');
    expect(await t.call(listConsoleLibrary, { kind: 'avatar' }, { token: admin })).toMatchObject({ code: 0 });
    expect(await t.call(listConsoleLibrary, { kind: 'voice' }, { token: admin })).toMatchObject({ code: 0 });
  });
});
