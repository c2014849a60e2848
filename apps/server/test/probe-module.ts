import { z } from 'zod';
import { count, eq } from 'drizzle-orm';
import { endpoint, int, text } from '@app/contract';
import { users } from '../src/db/schema/index.js';
import { route } from '../src/platform/protocol/route.js';
import { issueToken } from '../src/platform/auth/tokens.js';
import type { FeatureModule } from '../src/modules/module.js';

/** Endpoints that exercise the protocol stack in tests: a write, an authenticated read, a crash. */
export const createProbe = endpoint({
  method: 'POST',
  path: '/api/probe/create',
  summary: 'test',
  tag: 'test',
  auth: 'none',
  params: z.strictObject({ username: text({ max: 32, min: 4 }), age: int({ min: 0, max: 150 }) }),
  data: z.object({ id: z.number(), token: z.string() }),
});
export const whoAmI = endpoint({
  method: 'GET',
  path: '/api/probe/me',
  summary: 'test',
  tag: 'test',
  auth: 'user',
  params: z.strictObject({}),
  data: z.object({ username: z.string() }),
});
export const crash = endpoint({
  method: 'GET',
  path: '/api/probe/crash',
  summary: 'test',
  tag: 'test',
  auth: 'none',
  params: z.strictObject({}),
  data: z.null(),
});

export const probeModule: FeatureModule = {
  name: 'probe',
  routes: (ctx) => [
    route(createProbe, async ({ params }) => {
      const [row] = await ctx.database.db.insert(users).values({ username: params.username }).returning({ id: users.id });
      if (!row) throw new Error('insert failed');
      return { id: row.id, token: await issueToken(ctx.database.db, row.id) };
    }),
    route(whoAmI, async ({ user }) => ({ username: user.username })),
    route(crash, async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    }),
  ],
};

export async function userCount(ctx: Parameters<NonNullable<FeatureModule['seed']>>[0], username?: string): Promise<number> {
  const q = ctx.database.db.select({ n: count() }).from(users);
  const [row] = await (username ? q.where(eq(users.username, username)) : q);
  return row?.n ?? 0;
}
