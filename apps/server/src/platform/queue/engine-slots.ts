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
   * Whose the row is: a column of its own, or (`via`) a column of the row another of its columns points
   * at (a scene's work's user). Rows of one owner wait behind every other owner's rows of an earlier turn.
   */
  owner?: { column: string; via?: { table: string; key: string } };
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
  const all: Omit<SlotTable, 'peers'>[] = [t, ...peers];
  // One lock per engine for the table and its peers, so no two of them claim the last slot at once.
  const lockName = [t.table, ...peers.map((p) => p.table)].sort().join('+');
  /** The peers' rows running on `engine` under a live lease. */
  const peersBusy = (engine: string) =>
    peers.map(
      (p) => sql` + (select count(*)::int from ${sql.identifier(p.table)} where ${col(p.engine)} = ${engine}
        and ${col(p.status)} = ${p.running} and ${col(p.leaseUntil)} > now())`,
    );
  /** The owner of row `a` of table `x` (null when the table names none: its rows then share one turn order). */
  const ownerOf = (x: Omit<SlotTable, 'peers'>) =>
    !x.owner
      ? sql`null::int`
      : x.owner.via
        ? sql`(select o.${col(x.owner.column)} from ${sql.identifier(x.owner.via.table)} o
            where o.id = a.${col(x.owner.via.key)})`
        : sql`a.${col(x.owner.column)}`;
  /** Rows of every table sharing the engine's slots in `status` (running ones only under a live lease). */
  const rowsOn = (engine: SQL, running: boolean) =>
    sql.join(
      all.map(
        (x) => sql`select ${x.table}::text as tbl, a.id, ${ownerOf(x)} as owner, a.${col(x.createdAt)} as created
          from ${sql.identifier(x.table)} a where a.${col(x.engine)} = ${engine}
          and a.${col(x.status)} = ${running ? x.running : x.waiting}${running ? sql` and a.${col(x.leaseUntil)} > now()` : sql``}`,
      ),
      sql` union all `,
    );
  /**
   * The engine's line, fair between owners: each waiting row's turn is how many rows of its owner run
   * now or wait before it; the line goes by turn, then by who was last served longest ago
   * (`slot_turns`, never first), then submit time. One user's fifth work waits behind another user's
   * first, however much earlier it came, and a user whose work just ended does not take the freed slot
   * from one still waiting for a first; one owner's rows keep their own order.
   */
  const line = (engine: SQL) => sql`(select r.tbl, r.id, r.created,
      row_number() over (partition by r.owner order by r.created, r.tbl, r.id) - 1 + coalesce(b.n, 0) as turn,
      coalesce(st.served_at, '-infinity'::timestamptz) as served
    from (${rowsOn(engine, false)}) r
    left join (select owner, count(*)::int as n from (${rowsOn(engine, true)}) busy group by owner) b
      on b.owner = r.owner
    left join slot_turns st on st.engine = ${engine} and st.owner = r.owner)`;
  /** Waiting rows ahead of row `id` of table `tbl` (`or equal`: counting itself) in the engine's line. */
  const aheadIn = (engine: SQL, id: SQL, orEqual: boolean) =>
    sql`(select count(*)::int from ${line(engine)} l, ${line(engine)} me
      where me.tbl = ${t.table}::text and me.id = ${id}
      and (l.turn, l.served, l.created, l.tbl, l.id) ${orEqual ? sql`<=` : sql`<`}
        (me.turn, me.served, me.created, me.tbl, me.id))`;

  return {
    /**
     * Takes one of the engine's `max` slots for row `id`, across every process sharing the database.
     * Claims are serialised per engine by a transaction-scoped advisory lock. Waiting rows are served
     * in the engine's fair line (by owner's turn, then submit order): a row gets a slot only when fewer
     * rows ahead of it in that line wait than slots are free. A row re-taking its own slot (the same job after a restart, or any job once the
     * lease lapsed) does not count against itself; a second job for a row another live job runs is 'gone'.
     */
    take(db: Db, id: number, engine: EngineSlot, jobId: string, leaseSeconds: number): Promise<SlotAnswer> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${lockName}-engine:${engine.id}`}))`);
        const [me] = rowsOf<{
          status: number;
          engine: string;
          job: string | null;
          held: boolean;
          owner: number | null;
        }>(
          await tx.execute(
            sql`select a.${col(t.status)} as status, a.${col(t.engine)} as engine, a.${col(t.job)} as job,
                       coalesce(a.${col(t.leaseUntil)} > now(), false) as held, ${ownerOf(t)} as owner
                from ${tbl} a where a.id = ${id}`,
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
            await tx.execute(sql`select ${aheadIn(sql`${engine.id}`, sql`${id}`, false)} as n`),
          );
          if (Number(ahead?.n ?? 0) >= free) return 'wait';
        }
        await tx.execute(
          sql`update ${tbl} set ${col(t.status)} = ${t.running}, ${col(t.job)} = ${jobId},
              ${col(t.leaseUntil)} = ${leaseFor(leaseSeconds)}, updated_at = now() where id = ${id}`,
        );
        if (me.owner !== null)
          await tx.execute(
            sql`insert into slot_turns (engine, owner, served_at) values (${engine.id}, ${me.owner}, now())
                on conflict (engine, owner) do update set served_at = excluded.served_at`,
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
     * Frees the slot of a row this job runs without ending it: the row stays running, its lease dropped
     * (its parts, rendered elsewhere, take slots of their own).
     */
    async release(db: Db, id: number, jobId: string): Promise<void> {
      await db.execute(
        sql`update ${tbl} set ${col(t.leaseUntil)} = null, updated_at = now()
            where id = ${id} and ${col(t.status)} = ${t.running} and ${col(t.job)} = ${jobId}`,
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
     * 1-based place among the rows waiting for the same engine, in its fair line; 0 once running or
     * finished. For a select over the table itself (unaliased).
     */
    queuePosition(): SQL<number> {
      const outer = (c: string) => sql`${tbl}.${col(c)}`;
      return sql<number>`case when ${outer(t.status)} = ${t.waiting}
        then ${aheadIn(outer(t.engine), outer('id'), true)} else 0 end`;
    },
  };
}

export type EngineSlots = ReturnType<typeof engineSlots>;
