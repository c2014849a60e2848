import type { AppContext } from '../../platform/context.js';
import { lapsedWorkIds } from './slots.js';

/**
 * Puts back in the queue the render jobs of works whose lease lapsed: their worker died (kill -9,
 * lost machine) while pg-boss still counts them active. Only jobs older than one lease are touched,
 * so a job that has just started and not yet renewed is left alone.
 */
export async function releaseLapsedRenders(ctx: AppContext): Promise<number> {
  const ids = await lapsedWorkIds(ctx.database.db);
  if (!ids.length) return 0;
  const { rows } = await ctx.database.executor.executeSql(
    "select id from pgboss.job where name = 'work.render' and state = 'active' and started_on < now() - make_interval(secs => $2::int) and (data->>'workId')::int = any($1::int[])",
    [ids, ctx.config.WORK_LEASE_SECONDS],
  );
  const jobIds = (rows as { id: string }[]).map((r) => r.id);
  await ctx.queue.release(ctx.database.executor, jobIds);
  if (jobIds.length) ctx.log.warn({ jobs: jobIds.length }, 'released render jobs of dead workers');
  return jobIds.length;
}
