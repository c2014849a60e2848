import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleUserDetail, type ConsoleUserDetail } from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { loginAs, newAccount } from '../../../test/accounts.js';
import { avatars, voices, works } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
});
afterAll(async () => t?.close());

describe("the console's user detail", () => {
  it("counts the account's works, voices and avatars, each kept by its own module", async () => {
    const db = t.ctx.database.db;
    const { id: userId } = await newAccount(t);
    const other = await newAccount(t);
    await db
      .insert(works)
      .values(
        [1, 2, 3].map((n) => ({
          userId,
          name: `作品${n}`,
          channel: 'local',
          channelName: '本地',
          creditsHeld: 0,
          jobKey: `count-test:${n}`,
        })),
      );
    await db.insert(voices).values([
      { userId, name: '声音1', api: 'local' },
      { userId, name: '声音2', api: 'local' },
    ]);
    await db.insert(avatars).values({ userId, name: '数字人', sourceKey: 'count-test/source.mp4' });
    await db.insert(avatars).values({ userId: other.id, name: '别人的', sourceKey: 'count-test/other.mp4' });

    const r = await t.call<ConsoleUserDetail>(consoleUserDetail, { id: userId }, { token: admin });
    expect(r).toMatchObject({ code: 0, data: { counts: { works: 3, voices: 2, avatars: 1 } } });
  });
});
