import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ok, route } from '../../src/platform/protocol/route.js';
import { AppError } from '../../src/platform/errors.js';
import { priceList } from '../../src/platform/db/price-list.js';
import type { AppContext } from '../../src/platform/context.js';
import type { JobQueue } from '../../src/platform/queue/queue.js';
import { works } from '../../src/db/schema/index.js';
import { handlersOf, type FeatureModule } from '../../src/modules/module.js';
import { runPaidJob, submitPaidJob } from '../../src/modules/producing/index.js';
import { workLedger } from '../../src/modules/works/index.js';
import { createDemoCard, demoMessages, hideConsoleDemoCard, listConsoleDemoCards } from './contract.js';
import { demoCards } from './schema.js';

/**
 * A producer that exists only in the tests, to show that a module brings everything it owns: its
 * table (its own migration), its price, its paid job that writes a work, its calls, its console
 * section and its launcher tile. It is registered by the test that builds the app, and touches no
 * file of the product.
 */
export const DEMO_KIND = 'demo';

/** Its price: one card, 7 credits as shipped; the operator's price_items row wins once written. */
export const demoPrices = priceList(DEMO_KIND, () => [{ api: 'card', name: '演示卡片（每张）', credits: 7, sort: 0 }]);

export const demoJobs = {
  'demo.render': {
    payload: z.object({ workId: z.number().int() }),
    retryLimit: 2,
    expireInSeconds: 60,
    concurrency: 1,
    holds: { idField: 'workId', table: works },
  },
} as const;

/**
 * The queue of an app that registers this producer. Its jobs are served like any module's (the app
 * collects them from `jobs`); only the product's job map type leaves them out, since no product
 * module list names this test-only producer.
 */
const demoQueue = (ctx: AppContext) => ctx.queue as unknown as JobQueue<typeof demoJobs>;

async function order(ctx: AppContext, userId: number, text: string) {
  const price = await demoPrices.of(ctx.database.db, ctx.config, 'card');
  if (!price?.enabled) throw new AppError(demoMessages.disabled);
  const made = await submitPaidJob(ctx.database.db, {
    userId,
    params: { text },
    findSame: (tx, submission, windowSeconds) => workLedger.sameSubmission(tx, userId, submission, windowSeconds),
    open: async (tx, submission) => {
      const jobKey = `demo:${randomUUID()}`;
      const row = await workLedger.open(tx, {
        userId,
        kind: DEMO_KIND,
        name: text.slice(0, 64),
        channel: 'card',
        channelName: price.name,
        creditsHeld: price.credits,
        jobKey,
        submission,
        params: { text },
      });
      await tx.insert(demoCards).values({ workId: row.id, text });
      return { row, bill: { userId, jobKey, held: price.credits, actionName: price.name } };
    },
  });
  if (made.fresh) await demoQueue(ctx).send('demo.render', { workId: made.row.id });
  return { id: made.row.id, credits: made.row.creditsHeld };
}

export const demoProducer: FeatureModule<typeof demoJobs> = {
  name: 'demo-producer',
  routes: (ctx) => [
    route(createDemoCard, async ({ user, params }) =>
      ok(await order(ctx, user.id, params.text), demoMessages.submitted),
    ),
  ],
  jobs: handlersOf(demoJobs, (ctx) => ({
    'demo.render': async ({ workId }, job) => {
      const work = await workLedger.find(ctx.database.db, workId, DEMO_KIND);
      if (!work) return;
      const [card] = await ctx.database.db.select().from(demoCards).where(eq(demoCards.workId, workId));
      // The text is kept as the work's file; the price is settled in the transaction that ends the work.
      await runPaidJob(ctx, job, {
        bill: { userId: work.userId, jobKey: work.jobKey, held: work.creditsHeld },
        run: async () => {
          const body = Buffer.from(card?.text ?? '', 'utf8');
          await ctx.storage.put(`users/${work.userId}/demo/${workId}.txt`, body);
          return { credits: work.creditsHeld, bytes: body.length };
        },
        finish: (tx, result, charged) =>
          workLedger.finish(tx, workId, { duration: 0, creditsCharged: charged, storedBytes: result.bytes }),
        fail: async (tx, reason) => void (await workLedger.fail(tx, workId, reason)),
        reasonOf: () => demoMessages.failed,
      });
    },
  })),
  console: (ctx, kit) => [
    route(listConsoleDemoCards, async () => {
      const rows = await ctx.database.db.select().from(demoCards).orderBy(demoCards.id);
      return {
        list: rows.map((r) => ({
          id: r.id,
          work_id: r.workId,
          text: r.text,
          hidden: r.hidden ? (1 as const) : (0 as const),
        })),
      };
    }),
    route(hideConsoleDemoCard, async ({ user, params }) => {
      await ctx.database.db.transaction(async (tx) => {
        const [before] = await tx.select().from(demoCards).where(eq(demoCards.id, params.id)).for('update');
        if (!before) throw new AppError(demoMessages.missing);
        await tx.update(demoCards).set({ hidden: 1 }).where(eq(demoCards.id, params.id));
        await kit.audit(tx, user, {
          action: 'demo.hide',
          target: `demo:${params.id}`,
          before: { hidden: before.hidden },
          after: { hidden: 1 },
        });
      });
      return ok(null, demoMessages.hidden);
    }),
  ],
  channels: [demoPrices.channelKind({ label: '演示卡片', unit: '积分/张' })],
  tools: [{ key: 'demoCards' }],
  migrations: fileURLToPath(new URL('./migrations', import.meta.url)),
};
