import { eq, inArray } from 'drizzle-orm';
import { apiVideos } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import type { WorkRow } from '../works/index.js';
import type { ApiCaller } from './rest.js';

/** The videos the API ordered: which key, and the caller's callback_id. */
export const apiVideoStore = {
  async record(tx: Db, row: WorkRow, caller: ApiCaller, callbackId: string | undefined): Promise<void> {
    await tx
      .insert(apiVideos)
      .values({ workId: row.id, userId: caller.userId, keyId: caller.keyId, callbackId: callbackId ?? null });
  },
  async callbackIds(ctx: AppContext, workIds: number[]): Promise<Map<number, string>> {
    if (!workIds.length) return new Map();
    const rows = await ctx.database.db.select().from(apiVideos).where(inArray(apiVideos.workId, workIds));
    return new Map(rows.flatMap((r) => (r.callbackId === null ? [] : [[r.workId, r.callbackId] as const])));
  },
  async find(db: Db, workId: number) {
    const [row] = await db.select().from(apiVideos).where(eq(apiVideos.workId, workId)).limit(1);
    return row ?? null;
  },
};
