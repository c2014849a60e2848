import type { JobName } from '../../platform/queue/jobs.js';
import type { AppContext } from '../../platform/context.js';

/** Ids (under `field` of the payload) that already have a job waiting or running. */
async function idsWithLiveJob(ctx: AppContext, name: JobName, field: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await ctx.database.executor.executeSql(
    "select distinct (data->>$2)::int as id from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and (data->>$2)::int = any($3::int[])",
    [name, field, ids],
  );
  return new Set((rows as { id: number }[]).map((r) => r.id));
}

/**
 * A row committed just before a crash may never have had its job sent; at start every unfinished
 * row without a live job gets one. Jobs that exist (even interrupted ones) are left to the queue.
 */
export async function resendMissingJobs(
  ctx: AppContext,
  name: JobName,
  field: string,
  ids: number[],
  /** How a job of `name` is sent for one id; the avatar and work renders are known without it. */
  send?: (id: number) => Promise<unknown>,
): Promise<number> {
  const live = await idsWithLiveJob(ctx, name, field, ids);
  let sent = 0;
  for (const id of ids) {
    if (live.has(id)) continue;
    if (send) await send(id);
    else if (name === 'avatar.prepare') await ctx.queue.send(name, { avatarId: id });
    else if (name === 'work.render' || name === 'photo.render') await ctx.queue.send(name, { workId: id });
    else throw new Error(`no sender for job ${name}`);
    sent++;
  }
  if (sent) ctx.log.warn({ job: name, sent }, 're-sent jobs for unfinished rows');
  return sent;
}
