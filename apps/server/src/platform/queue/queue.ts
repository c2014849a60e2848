import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import { v7 as uuidv7 } from 'uuid';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/client.js';
import type { JobDefinition, JobDefinitions, JobHandler, JobHandlers, JobMap, RegisteredJobs } from './jobs.js';

export type { JobContext, JobHandler } from './jobs.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const DEAD_LETTER_QUEUE = 'dead-letter';

export class MissingJobHandlerError extends Error {}

/** A job as the console's jobs screen reads it from the queue's tables. */
export interface QueuedJob {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  data: unknown;
  /** What a failed job left: pg-boss keeps the thrown error's message and stack here. */
  output: unknown;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** 1-based place among its queue's waiting jobs; 0 when not waiting. */
  position: number;
}

/**
 * Job ids that rise in the order this process sends them (UUID version 7, monotonic within a
 * millisecond). The queue fetches by send time and then by id, and jobs sent within the same
 * millisecond are otherwise taken in a random order (a multi-scene work's later scene first, which
 * must then wait its turn for a render slot).
 */
export const risingJobId = (): string => uuidv7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JOB_COLUMNS = `j.id::text as id, j.name, j.state::text as state, j.retry_count, j.retry_limit, j.data, j.output,
  j.created_on, j.started_on, j.completed_on, coalesce(w.position, 0)::int as position`;
const WAITING = `with waiting as (
  select id, row_number() over (partition by name order by priority desc, created_on, id)::int as position
  from pgboss.job where state in ('created', 'retry'))`;

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
function asQueuedJob(r: Record<string, unknown>): QueuedJob {
  return {
    id: String(r.id),
    name: String(r.name),
    state: r.state as QueuedJob['state'],
    retryCount: Number(r.retry_count),
    retryLimit: Number(r.retry_limit),
    data: r.data,
    output: r.output,
    createdOn: date(r.created_on) ?? new Date(0),
    startedOn: date(r.started_on),
    completedOn: date(r.completed_on),
    position: Number(r.position),
  };
}

interface Running {
  name: string;
  controller: AbortController;
  done: Promise<unknown>;
}

/** How often a worker process says it is alive, and how long its silence takes to count it dead. */
export interface WorkerLiveness {
  heartbeatSeconds: number;
  staleSeconds: number;
}
const LIVENESS: WorkerLiveness = { heartbeatSeconds: 5, staleSeconds: 20 };

/** The shortest wait of a job sent back in line by `later()` (see runOne). */
export const LATER_MIN_SECONDS = 1;

/**
 * The queue's own record of who runs what. pg-boss knows a job is active but not which process runs
 * it, so a job whose worker died stays active until it expires (hours for a render). Each worker
 * process beats in `queue_workers`; each job it runs has a claim naming it. A claim whose worker
 * stopped beating is a job cut off by a dead worker, whatever module declared it. Beside them, the
 * engine slots' record of whose turn it is (`slot_turns`).
 */
const QUEUE_TABLES = [
  `create table if not exists queue_workers (
    id uuid primary key,
    host text not null,
    pid integer not null,
    started_at timestamptz not null default now(),
    beat_at timestamptz not null default now()
  )`,
  `create table if not exists queue_claims (
    job_id uuid primary key,
    worker uuid,
    claimed_at timestamptz not null default now(),
    cutoffs integer not null default 0
  )`,
  // When each owner last took a slot of each engine: the fair line's order between owners of one turn.
  `create table if not exists slot_turns (
    engine text not null,
    owner integer not null,
    served_at timestamptz not null,
    primary key (engine, owner)
  )`,
];

/**
 * The app's job queue (pg-boss), serving the jobs of the map it is built with: `J` types what
 * `send` and `handle` accept, and defaults to the jobs the app registers.
 */
export class JobQueue<J extends JobDefinitions<J> = RegisteredJobs> {
  readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler[]>();
  private readonly running = new Map<string, Running>();
  /** This process's workers by queue: a job sent here wakes them instead of waiting for their next poll. */
  private readonly workers = new Map<string, string[]>();
  private stopping = false;
  private readonly definitions: JobMap;
  /** This process as a worker: its id in `queue_workers` and its timers, once it works. */
  readonly workerId = randomUUID();
  private timers: NodeJS.Timeout[] = [];
  private readonly liveness: WorkerLiveness;

  constructor(
    jobs: J,
    private readonly executor: SqlExecutor,
    private readonly log: FastifyBaseLogger,
    pollingIntervalSeconds = 1,
    liveness: Partial<WorkerLiveness> = {},
  ) {
    this.liveness = { ...LIVENESS, ...liveness };
    this.definitions = jobs as JobMap;
    // pg-boss completes and fails jobs without awaiting; it reads "no result" as nothing affected,
    // whereas an empty row list after the database closed would throw as an unhandled rejection.
    const bossDb: PgBoss.Db = {
      executeSql: async (text, values) => {
        const result = await executor.executeSql(text, values);
        return (result.closed ? undefined : result) as { rows: unknown[] };
      },
    };
    this.boss = new PgBoss({
      db: bossDb,
      schema: 'pgboss',
      supervise: true,
      schedule: true,
      migrate: true,
      pollingIntervalSeconds: Math.max(0.5, pollingIntervalSeconds),
    });
    this.boss.on('error', (e: unknown) => this.log.error({ err: e }, 'queue error'));
  }

  /** The declaration of a job this queue serves. */
  definition(name: string): JobDefinition | undefined {
    return Object.hasOwn(this.definitions, name) ? this.definitions[name] : undefined;
  }

  /** Every declared job's name with the operator's label for it (none for housekeeping jobs). */
  labels(): Record<string, string | undefined> {
    return Object.fromEntries(Object.entries(this.definitions).map(([name, d]) => [name, d.label]));
  }

  /** Each module registers its handlers here, once per job name. */
  handle<N extends keyof J & string>(name: N, handler: JobHandler<J[N]>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as JobHandler);
    this.handlers.set(name, list);
  }

  /** Registers every handler of a module's map. */
  handleAll(handlers: Partial<JobHandlers<J>>): void {
    for (const [name, handler] of Object.entries(handlers) as [string, JobHandler | undefined][])
      if (handler) {
        const list = this.handlers.get(name) ?? [];
        list.push(handler);
        this.handlers.set(name, list);
      }
  }

  /** Start-up check: every declared job has exactly one handler. */
  verify(): void {
    const problems: string[] = [];
    for (const name of Object.keys(this.definitions)) {
      const n = this.handlers.get(name)?.length ?? 0;
      if (n === 0) problems.push(`job "${name}" has no handler`);
      if (n > 1) problems.push(`job "${name}" has ${n} handlers`);
    }
    for (const name of this.handlers.keys())
      if (!(name in this.definitions)) problems.push(`handler registered for undeclared job "${name}"`);
    if (problems.length) throw new MissingJobHandlerError(problems.join('; '));
  }

  /** Checks handlers, installs the queue schema, creates queues and schedules. */
  async prepare(): Promise<void> {
    this.verify();
    await this.boss.start();
    for (const statement of QUEUE_TABLES) await this.executor.executeSql(statement, []);
    await this.boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE });
    for (const [name, def] of Object.entries(this.definitions)) {
      await this.boss.createQueue(name, {
        name,
        retryLimit: def.retryLimit,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
      });
      if (def.cron) await this.boss.schedule(name, def.cron, {}, { tz: 'UTC' });
    }
    // A schedule left by an older version for a job no module declares any more would fail every run.
    for (const s of await this.boss.getSchedules())
      if (!this.definition(s.name)?.cron) await this.boss.unschedule(s.name);
  }

  /** Starts fetching jobs in this process (ROLE=worker or all). */
  async work(): Promise<void> {
    await this.executor.executeSql(
      'insert into queue_workers (id, host, pid) values ($1, $2, $3) on conflict (id) do update set beat_at = now()',
      [this.workerId, hostname(), process.pid],
    );
    const every = (seconds: number, task: () => Promise<unknown>) => {
      const timer = setInterval(() => {
        if (!this.stopping) task().catch((err: unknown) => this.log.warn({ err }, 'queue recovery step failed'));
      }, seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.liveness.heartbeatSeconds, () =>
      this.executor.executeSql('update queue_workers set beat_at = now() where id = $1', [this.workerId]),
    );
    // Every worker looks for the jobs of dead ones; the statements are idempotent, so two finding the same job is harmless.
    every(this.liveness.heartbeatSeconds * 2, () => this.recoverCutOffJobs());
    for (const [name, def] of Object.entries(this.definitions)) {
      const handler = this.handlers.get(name)?.[0];
      if (!handler) continue;
      const ids: string[] = [];
      for (let i = 0; i < def.concurrency; i++) {
        let id = '';
        id = await this.boss.work(name, { batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await this.runOne(name, def, handler, job);
          // A worker that has just finished a job looks for the next one at once instead of sleeping out its polling interval.
          if (id) this.boss.notifyWorker(id);
        });
        ids.push(id);
      }
      this.workers.set(name, ids);
    }
  }

  /**
   * Puts back the jobs whose worker stopped beating (each claim counts the cut-off), and jobs active
   * with no claim at all for longer than a heartbeat's silence (their worker died between fetching
   * and claiming). They run again at once on whichever worker is alive. Returns the jobs put back.
   */
  async recoverCutOffJobs(): Promise<string[]> {
    const stale = this.liveness.staleSeconds;
    const { rows } = await this.executor.executeSql(
      `with dead as (
         update queue_claims c set worker = null, cutoffs = c.cutoffs + 1
         where c.worker is not null and not exists (
           select 1 from queue_workers w where w.id = c.worker and w.beat_at > now() - make_interval(secs => $1::int))
         returning c.job_id)
       update pgboss.job j set state = 'retry', start_after = now()
       where j.state = 'active' and (j.id in (select job_id from dead) or (
         j.started_on < now() - make_interval(secs => $1::int)
         and not exists (select 1 from queue_claims c where c.job_id = j.id)))
       returning j.id::text as id, j.name`,
      [stale],
    );
    const put = rows as { id: string; name: string }[];
    if (put.length) this.log.warn({ jobs: put.map((r) => `${r.name}:${r.id}`) }, 'put back jobs of dead workers');
    // Claims of jobs that ended while nobody held them, and workers silent for a day, are forgotten.
    await this.executor.executeSql(
      `delete from queue_claims c where c.worker is null and not exists (
         select 1 from pgboss.job j where j.id = c.job_id and j.state in ('created', 'retry', 'active'))`,
      [],
    );
    await this.executor.executeSql("delete from queue_workers where beat_at < now() - interval '1 day'", []);
    return put.map((r) => r.id);
  }

  private async runOne(name: string, def: JobDefinition, handler: JobHandler, job: PgBoss.Job<unknown>) {
    const controller = new AbortController();
    const log = this.log.child({ job: name, jobId: job.id });
    const payload = def.payload.parse(job.data ?? {});
    const { rows } = await this.executor.executeSql(
      `insert into queue_claims (job_id, worker) values ($1, $2)
       on conflict (job_id) do update set worker = excluded.worker, claimed_at = now() returning cutoffs`,
      [job.id, this.workerId],
    );
    const cutoffs = Number((rows as { cutoffs: number }[])[0]?.cutoffs ?? 0);
    let laterSeconds: number | null = null;
    const done = handler(payload, {
      id: job.id,
      signal: controller.signal,
      log,
      cutoffs,
      later: (seconds) => void (laterSeconds = seconds),
    });
    this.running.set(job.id, { name, controller, done });
    try {
      await done;
      this.running.delete(job.id);
      // Back in line for later: the job leaves 'active' first, so pg-boss's completion finds nothing to complete.
      // It was not tried: without a start time pg-boss's next fetch does not count a retry, so a job that
      // waited for a slot many times still has every retry for a real failure.
      // pg-boss sends that completion without waiting for it: on a busy pool it can land after a later run
      // of the same job has begun, and complete that run. Hence at least LATER_MIN_SECONDS in line, and a
      // job found completed here (by the completion of its previous wait) goes back in line all the same.
      if (laterSeconds !== null)
        await this.executor.executeSql(
          `update pgboss.job set state = 'retry', started_on = null, completed_on = null,
             start_after = now() + make_interval(secs => $2::double precision)
           where id = $1 and state in ('active', 'completed')`,
          [job.id, Math.max(LATER_MIN_SECONDS, laterSeconds)],
        );
      await this.unclaim(job.id);
    } catch (err) {
      if (controller.signal.aborted && this.stopping) {
        log.warn('job interrupted by shutdown; released back to the queue');
        // Never settle: the queue must not record a failure for a job that stop() puts back.
        await new Promise<void>(() => undefined);
      }
      this.running.delete(job.id);
      await this.unclaim(job.id);
      log.error({ err }, 'job failed');
      throw err;
    }
  }

  private async unclaim(jobId: string): Promise<void> {
    await this.executor.executeSql('delete from queue_claims where job_id = $1', [jobId]).catch(() => undefined);
  }

  async send<N extends keyof J & string>(
    name: N,
    payload: z.input<J[N]['payload']>,
    opts: PgBoss.SendOptions = {},
  ): Promise<string | null> {
    const def = this.definition(name);
    if (!def) throw new Error(`undeclared job ${name}`);
    const id = await this.boss.send(name, def.payload.parse(payload), { id: risingJobId(), ...opts });
    // A job due now is taken by an idle worker of this process at once; other processes find it at their next poll.
    if (id && !opts.startAfter) for (const worker of this.workers.get(name) ?? []) this.boss.notifyWorker(worker);
    return id;
  }

  /** Job counts by queue and state, for metrics. */
  async counts(executor: SqlExecutor): Promise<{ queue: string; state: string; count: number }[]> {
    const { rows } = await executor.executeSql(
      'select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2',
      [],
    );
    return rows as { queue: string; state: string; count: number }[];
  }

  /** Jobs by queue and state, newest first, with their place in the queue while they wait. */
  async listJobs(
    executor: SqlExecutor,
    q: { name?: string; names?: readonly string[]; state?: string; limit: number; offset: number },
  ): Promise<{ rows: QueuedJob[]; total: number }> {
    const { rows } = await executor.executeSql(
      `${WAITING}
       select ${JOB_COLUMNS}, count(*) over ()::int as total
       from pgboss.job j left join waiting w on w.id = j.id
       where ($1::text is null or j.name = $1) and ($2::text is null or j.state::text = $2)
         and ($5::jsonb is null or j.name in (select jsonb_array_elements_text($5::jsonb)))
       order by j.created_on desc, j.id limit $3 offset $4`,
      [q.name ?? null, q.state ?? null, q.limit, q.offset, q.names ? JSON.stringify(q.names) : null],
    );
    const list = rows as Record<string, unknown>[];
    return { rows: list.map(asQueuedJob), total: Number(list[0]?.total ?? 0) };
  }

  /** One job of a queue, or null (also for an id that is not a job id at all). */
  async getJob(executor: SqlExecutor, name: string, id: string): Promise<QueuedJob | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await executor.executeSql(
      `${WAITING}
       select ${JOB_COLUMNS} from pgboss.job j left join waiting w on w.id = j.id where j.name = $1 and j.id = $2::uuid`,
      [name, id],
    );
    const r = (rows as Record<string, unknown>[])[0];
    return r ? asQueuedJob(r) : null;
  }

  /** The newest failed job of a real queue whose payload matches a dead letter's: where the letter came from. */
  async deadLetterSource(executor: SqlExecutor, data: unknown): Promise<QueuedJob | null> {
    const { rows } = await executor.executeSql(
      `${WAITING}
       select ${JOB_COLUMNS} from pgboss.job j left join waiting w on w.id = j.id
       where j.name <> $1 and j.state = 'failed' and j.data = $2::jsonb order by j.completed_on desc nulls last limit 1`,
      [DEAD_LETTER_QUEUE, JSON.stringify(data ?? {})],
    );
    const r = (rows as Record<string, unknown>[])[0];
    return r ? asQueuedJob(r) : null;
  }

  /** Queues a failed job to run again. */
  async retryJob(name: string, id: string): Promise<void> {
    await this.boss.retry(name, id);
  }

  /** Puts jobs back in the queue to run again now, whatever state an interrupted run left them in. */
  async release(executor: SqlExecutor, ids: string[]): Promise<void> {
    if (!ids.length) return;
    await executor.executeSql(
      "update pgboss.job set state = 'retry', start_after = now(), completed_on = null where id = any($1::uuid[]) and state in ('active', 'retry', 'failed')",
      [ids],
    );
  }

  /**
   * The embedded database has exactly one owner, so jobs left active at start-up were cut off by a
   * crash (kill -9, power loss): run them again instead of waiting for their expiry.
   */
  async releaseOrphans(executor: SqlExecutor): Promise<number> {
    const { rows } = await executor.executeSql(
      "update pgboss.job set state = 'retry', start_after = now() where state = 'active' returning id",
      [],
    );
    return rows.length;
  }

  /**
   * Graceful stop: no new jobs are fetched, running ones get `graceSeconds` to finish; whatever is
   * still running is aborted and put back in the queue so another worker picks it up at once.
   */
  async stop(executor: SqlExecutor, graceSeconds: number): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const name of Object.keys(this.definitions)) await this.boss.offWork(name).catch(() => undefined);
    const pending = [...this.running.values()].map((r) => r.done.catch(() => undefined));
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, graceSeconds * 1000))]);
    const stuck = [...this.running.entries()];
    for (const [, r] of stuck) r.controller.abort();
    if (stuck.length)
      await Promise.race([Promise.all(stuck.map(([, r]) => r.done.catch(() => undefined))), sleep(2000)]);
    await this.boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
    // pg-boss marks what was active as failed-with-retry-delay on stop; run it again now instead.
    if (stuck.length) {
      await this.release(
        executor,
        stuck.map(([id]) => id),
      );
      this.log.warn({ jobs: stuck.length }, 'released running jobs back to the queue');
    }
    // A worker that stopped in good order is not a dead one: what it ran is back in line, unclaimed.
    await executor.executeSql('delete from queue_claims where worker = $1', [this.workerId]).catch(() => undefined);
    await executor.executeSql('delete from queue_workers where id = $1', [this.workerId]).catch(() => undefined);
  }
}
