import {
  DEAD_LETTER,
  jobConsoleMessages as m,
  type ConsoleJobHold,
  type ConsoleJobRow,
  type JobState,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db, SqlExecutor } from '../../platform/db/client.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import type { JobQueue, QueuedJob } from '../../platform/queue/queue.js';
import { AppError } from '../../platform/errors.js';
import { formatDateTime } from '../../platform/protocol/date-time.js';
import { jobRefunds } from '../billing/index.js';
import { recordAudit } from './audit.js';

const num = (data: unknown, key: string): number | null => {
  const v = (data as Record<string, unknown> | null)?.[key];
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
};

/** The ledger key of the credits a paid job holds, read from the row its payload names (its `holds`). */
async function jobKeyOf(db: Db, queue: JobQueue, job: QueuedJob): Promise<string | null> {
  const hold = queue.definition(job.name)?.holds;
  const id = hold ? num(job.data, hold.idField) : null;
  if (!hold || !id) return null;
  const [row] = await db.select({ jobKey: hold.table.jobKey }).from(hold.table).where(eq(hold.table.id, id)).limit(1);
  return typeof row?.jobKey === 'string' ? row.jobKey : null;
}

const errorOf = (output: unknown): { message: string; stack: string } => {
  if (!output || typeof output !== 'object') return { message: '', stack: '' };
  const o = output as { message?: unknown; stack?: unknown; value?: unknown };
  const message = typeof o.message === 'string' ? o.message : typeof o.value === 'string' ? o.value : '';
  return { message, stack: typeof o.stack === 'string' ? o.stack : '' };
};
const time = (d: Date | null) => (d ? formatDateTime(d) : '');

const wire = (j: QueuedJob): ConsoleJobRow => ({
  id: j.id,
  queue: j.name,
  state: j.state as JobState,
  retry_count: j.retryCount,
  retry_limit: j.retryLimit,
  position: j.position,
  create_time: time(j.createdOn),
  start_time: time(j.startedOn),
  finish_time: time(j.completedOn),
  payload: JSON.stringify(j.data ?? {}),
  error: errorOf(j.output).message.slice(0, 500),
});

/** The jobs screen: the queue's jobs by queue and state, a failed one's error, retry and a once-only refund. */
export function consoleJobs(db: Db, executor: SqlExecutor, queue: JobQueue) {
  const find = async (name: string, id: string): Promise<QueuedJob> => {
    const job = await queue.getJob(executor, name, id);
    if (!job) throw new AppError(m.missing);
    return job;
  };
  /** A dead letter holds the credits of the failed job it was copied from. */
  const payer = async (job: QueuedJob): Promise<QueuedJob> =>
    job.name === DEAD_LETTER ? ((await queue.deadLetterSource(executor, job.data)) ?? job) : job;
  const holdOf = async (job: QueuedJob): Promise<ConsoleJobHold | null> => {
    const key = await jobKeyOf(db, queue, await payer(job));
    const r = key ? await jobRefunds.hold(db, key) : null;
    return r
      ? {
          job_key: r.jobKey,
          user_id: r.userId,
          action_name: r.actionName,
          held: r.held,
          charged: r.charged,
          status: r.status,
        }
      : null;
  };
  const failed = (job: QueuedJob) => job.state === 'failed' || job.name === DEAD_LETTER;

  return {
    async list(q: { queue?: string; state?: JobState; internal?: number; page: number; limit: number }) {
      const limit = q.limit || 20;
      const labels = queue.labels();
      const operatorQueues = [...Object.keys(labels).filter((n) => labels[n]), DEAD_LETTER];
      const [{ rows, total }, counts] = await Promise.all([
        queue.listJobs(executor, {
          name: q.queue || undefined,
          // Without a chosen queue, the operator's own work unless internal queues are asked for.
          names: q.queue || q.internal ? undefined : operatorQueues,
          state: q.state || undefined,
          limit,
          offset: (q.page - 1) * limit,
        }),
        queue.counts(executor),
      ]);
      return {
        list: rows.map(wire),
        total,
        counts: counts.map((c) => ({ queue: c.queue, state: c.state as JobState, count: c.count })),
        queues: [...new Set([...Object.keys(labels), ...counts.map((c) => c.queue)])].sort().map((name) => ({
          queue: name,
          label: labels[name] ?? name,
          internal: !labels[name] && name !== DEAD_LETTER,
        })),
      };
    },

    async detail(name: string, id: string) {
      const job = await find(name, id);
      return { job: wire(job), stack: errorOf(job.output).stack.slice(0, 8000), hold: await holdOf(job) };
    },

    async retry(actor: SessionUser, name: string, id: string) {
      const job = await find(name, id);
      if (job.state !== 'failed' || name === DEAD_LETTER) throw new AppError(m.notFailed);
      await queue.retryJob(name, id);
      await recordAudit(db, actor, {
        action: 'job.retry',
        target: `job:${name}:${id}`,
        before: { state: job.state, error: errorOf(job.output).message },
        after: { state: 'retry' },
      });
    },

    /** Gives back what a failed job still holds, through the ledger; a second refund is refused. */
    async refund(actor: SessionUser, name: string, id: string): Promise<number> {
      const job = await find(name, id);
      if (!failed(job)) throw new AppError(m.notFailed);
      const key = await jobKeyOf(db, queue, await payer(job));
      if (!key) throw new AppError(m.noHold);
      return db.transaction(async (tx) => {
        const before = await jobRefunds.hold(tx, key);
        if (!before || before.held <= 0) throw new AppError(m.noHold);
        // Decided under the payer's lock: of two refunds at once, the second finds it refunded.
        const found = await jobRefunds.refundHeld(tx, key);
        if (found === 'refunded') throw new AppError(m.alreadyRefunded);
        if (found === 'settled') throw new AppError(m.settled);
        if (found !== 'held') throw new AppError(m.noHold);
        await recordAudit(tx, actor, {
          action: 'job.refund',
          target: `job:${name}:${id}`,
          before: { job_key: key, user_id: before.userId, status: 'held', held: before.held },
          after: { status: 'refunded', credits: before.held },
        });
        return before.held;
      });
    },
  };
}
