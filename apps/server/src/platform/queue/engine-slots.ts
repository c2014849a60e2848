import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Per-engine slots shared by every producer: a slot is a row of a producer's table, on an engine,
 * in its "running" status with a lease that holds. Channels mapped to one engine share its slots.
 */
export interface SlotTable {
  /** Table and columns, as named in the database. */
  table: string;
  engine: string;
  status: string;
  createdAt: string;
  /** The queue job holding the slot, so a duplicate job never runs the same row twice. */
  job: string;
  leaseUntil: string;
  /** Status values: waiting for a slot, running on it. */
  waiting: number;
  running: number;
  /**
   * Other producers' tables whose rows run on the same engines (e.g. a multi-scene work's scenes beside
   * the works): their running rows hold the same slots and their waiting rows keep their place in line.
   */
  peers?: Omit<SlotTable, 'peers'>[];
}

/** An engine's slots: its id (shared by its channels) and how many run at once. */
export interface EngineSlot {
  id: string;
  max: number;
}

/** 'taken': run now; 'wait': come back later (slots full or earlier rows first); 'gone': nothing to do. */
export type SlotAnswer = 'taken' | 'wait' | 'gone';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function engineSlots(t: SlotTable) {
  const tbl = sql.identifier(t.table);
  const col = (name: string) => sql.identifier(name);
  const leaseFor = (seconds: number) => sql`now() + make_interval(secs => ${seconds}::int)`;
  const peers = t.peers ?? [];
  // One lock per engine for the table and its peers, so no two of them claim the last slot at once.
  const lockName = [t.table, ...peers.map((p) => p.table)].sort().join('+');
  /** The peers' rows running on `engine` under a live lease. */
  const peersBusy = (engine: string) =>
    peers.map(
      (p) => sql` + (select count(*)::int from ${sql.identifier(p.table)} where ${col(p.engine)} = ${engine}
        and ${col(p.status)} = ${p.running} and ${col(p.leaseUntil)} > now())`,
    );
  /** The peers' rows waiting for `engine` that were submitted before `createdAt` (an SQL expression). */
  const peersAhead = (engine: SQL, createdAt: SQL) =>
    peers.map(
      (p) => sql` + (select count(*)::int from ${sql.identifier(p.table)} where ${col(p.engine)} = ${engine}
        and ${col(p.status)} = ${p.waiting} and ${col(p.createdAt)} < ${createdAt})`,
    );

  return {
    /**
     * Takes one of the engine's `max` slots for row `id`, across every process sharing the database.
     * Claims are serialised per engine by a transaction-scoped advisory lock. Waiting rows are served
     * strictly in submit order: a row gets a slot only when fewer rows submitted before it wait than
     * slots are free. A row re-taking its own slot (the same job after a restart, or any job once the
     * lease lapsed) does not count against itself; a second job for a row another live job runs is 'gone'.
     */
    take(db: Db, id: number, engine: EngineSlot, jobId: string, leaseSeconds: number): Promise<SlotAnswer> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${lockName}-engine:${engine.id}`}))`);
        const [me] = rowsOf<{ status: number; engine: string; job: string | null; held: boolean }>(
          await tx.execute(
            sql`select ${col(t.status)} as status, ${col(t.engine)} as engine, ${col(t.job)} as job,
                       coalesce(${col(t.leaseUntil)} > now(), false) as held
                from ${tbl} where id = ${id}`,
          ),
        );
        if (!me || (me.status !== t.waiting && me.status !== t.running)) return 'gone';
        if (me.status === t.running && me.held && me.job && me.job !== jobId) return 'gone';
        // The engine is recorded at submit; it changes only when the channel was mapped to another engine since.
        if (me.engine !== engine.id)
          await tx.execute(sql`update ${tbl} set ${col(t.engine)} = ${engine.id} where id = ${id}`);
        const [busy] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select (select count(*)::int from ${tbl} where ${col(t.engine)} = ${engine.id}
                and ${col(t.status)} = ${t.running} and id <> ${id} and ${col(t.leaseUntil)} > now())${sql.join(
                  peersBusy(engine.id),
                )} as n`,
          ),
        );
        const free = engine.max - Number(busy?.n ?? 0);
        if (free <= 0) return 'wait';
        if (me.status === t.waiting) {
          const [ahead] = rowsOf<{ n: number }>(
            await tx.execute(
              sql`select (select count(*)::int from ${tbl} w2, ${tbl} me where me.id = ${id}
                  and w2.${col(t.engine)} = ${engine.id} and w2.${col(t.status)} = ${t.waiting}
                  and (w2.${col(t.createdAt)}, w2.id) < (me.${col(t.createdAt)}, me.id))${sql.join(
                    peersAhead(sql`${engine.id}`, sql`(select ${col(t.createdAt)} from ${tbl} where id = ${id})`),
                  )} as n`,
            ),
          );
          if (Number(ahead?.n ?? 0) >= free) return 'wait';
        }
        await tx.execute(
          sql`update ${tbl} set ${col(t.status)} = ${t.running}, ${col(t.job)} = ${jobId},
              ${col(t.leaseUntil)} = ${leaseFor(leaseSeconds)}, updated_at = now() where id = ${id}`,
        );
        return 'taken';
      });
    },

    /** Renews the lease of a row this job runs (and whatever else the producer records, e.g. progress). */
    async renew(db: Db, id: number, leaseSeconds: number, also: SQL = sql``): Promise<void> {
      await db.execute(
        sql`update ${tbl} set ${col(t.leaseUntil)} = ${leaseFor(leaseSeconds)}${also}
            where id = ${id} and ${col(t.status)} = ${t.running}`,
      );
    },

    /**
     * Puts a row this job runs back in line, for `engine` (a later step of the job runs there): it
     * waits again, keeping its place by submit order, and holds no slot until a job takes one.
     */
    async requeue(db: Db, id: number, engine: string, jobId: string, also: SQL = sql``): Promise<boolean> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(
          sql`update ${tbl} set ${col(t.status)} = ${t.waiting}, ${col(t.engine)} = ${engine}, ${col(t.job)} = null,
              ${col(t.leaseUntil)} = null, updated_at = now()${also}
              where id = ${id} and ${col(t.status)} = ${t.running} and ${col(t.job)} = ${jobId} returning id`,
        ),
      );
      return rows.length > 0;
    },

    /**
     * 1-based place among the rows waiting for the same engine, in submit order; 0 once running or
     * finished. For a select over the table itself (unaliased).
     */
    queuePosition(): SQL<number> {
      const outer = (c: string) => sql`${tbl}.${col(c)}`;
      return sql<number>`case when ${outer(t.status)} = ${t.waiting} then (select count(*) from ${tbl} w2
        where w2.${col(t.engine)} = ${outer(t.engine)} and w2.${col(t.status)} = ${t.waiting}
        and (w2.${col(t.createdAt)}, w2.id) <= (${outer(t.createdAt)}, ${tbl}.id))::int${sql.join(
          peersAhead(outer(t.engine), outer(t.createdAt)),
        )} else 0 end`;
    },
  };
}

export type EngineSlots = ReturnType<typeof engineSlots>;
