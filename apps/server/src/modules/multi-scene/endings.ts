import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { workFileKeys, workLedger } from '../works/index.js';
import { sceneSrtKey, type MultiWork } from './params.js';
import { scenesRepo } from './repo.js';

/** How a multi-scene work fails for the paid-job runner: refunded, and every file it made so far removed. */
export function multiEndings(ctx: AppContext, work: MultiWork) {
  return {
    bill: { userId: work.row.userId, jobKey: work.row.jobKey, held: work.row.creditsHeld },
    fail: async (tx: Db, reason: string) => {
      await workLedger.fail(tx, work.row.id, reason);
      await scenesRepo.failUnfinished(tx, work.row.id);
    },
    cleanUp: async () => {
      const scenes = await scenesRepo.ofWork(ctx.database.db, work.row.id);
      const keys = [
        ...workFileKeys({ ...work.row, params: work.p }),
        ...scenes.flatMap((s) => [s.clipKey, s.coverKey, work.p.captions ? sceneSrtKey(work, s.position) : null]),
      ];
      for (const key of keys) if (key) await ctx.storage.delete(key).catch(() => undefined);
    },
  };
}
