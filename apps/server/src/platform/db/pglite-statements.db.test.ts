import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { statementClient } from './pglite-statements.js';

const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  n: integer('n').notNull().default(0),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

let pg: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(
    `create table notes (id serial primary key, body text not null unique, n int not null default 0, at timestamptz not null default now())`,
  );
  db = drizzle({ client: statementClient(pg) as unknown as PGlite });
});
afterAll(async () => pg.close());

describe('prepared statements on the embedded database', () => {
  it('returns the same rows, types and counts as a plain query, on first and later calls', async () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const [a] = await db.insert(notes).values({ body: 'a', n: 1, at: when }).returning();
    expect(a).toMatchObject({ body: 'a', n: 1, at: when });
    for (let i = 0; i < 8; i++) {
      const rows = await db
        .select({ body: notes.body, n: notes.n, at: notes.at })
        .from(notes)
        .where(eq(notes.id, a!.id));
      expect(rows).toEqual([{ body: 'a', n: 1, at: when }]);
    }
    const updated = await db
      .update(notes)
      .set({ n: sql`${notes.n} + 1` })
      .where(eq(notes.id, a!.id));
    expect(updated).toMatchObject({ affectedRows: 1 });
    const plain = await pg.query<{ n: number }>('select n from notes where id = $1', [a!.id]);
    expect(plain.rows[0]!.n).toBe(2);
    expect(await db.select().from(notes).where(eq(notes.id, -1))).toEqual([]);
  });

  it('throws the database error with its code, and the next call works', async () => {
    await db.insert(notes).values({ body: 'dup' });
    const err: unknown = await db
      .insert(notes)
      .values({ body: 'dup' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((err as { cause?: { code?: string } }).cause?.code).toBe('23505');
    await expect(db.execute(sql`select nonsense from notes`)).rejects.toThrow();
    expect((await db.select({ body: notes.body }).from(notes).where(eq(notes.body, 'dup'))).length).toBe(1);
  });

  it('commits and rolls back transactions, and runs concurrent calls one at a time', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ body: 'kept' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: 'gone' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const bodies = (await db.select({ body: notes.body }).from(notes)).map((r) => r.body);
    expect(bodies).toContain('kept');
    expect(bodies).not.toContain('gone');
    // Reads outside a transaction never see its uncommitted rows.
    let seen = -1;
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ body: 'inside' });
      const outside = db.select({ body: notes.body }).from(notes).where(eq(notes.body, 'inside'));
      await new Promise((r) => setTimeout(r, 20));
      void outside.then((r) => (seen = r.length));
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBe(1);
    const many = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        db
          .insert(notes)
          .values({ body: `m${i}` })
          .returning({ id: notes.id }),
      ),
    );
    expect(new Set(many.map((r) => r[0]!.id)).size).toBe(100);
  });

  it('prepares again when a table changed shape', async () => {
    const q = () => db.execute(sql`select * from notes where body = ${'kept'}`);
    expect((await q()).rows).toHaveLength(1);
    await pg.exec('alter table notes add column extra text');
    const rows = (await q()).rows as Record<string, unknown>[];
    expect(rows[0]).toHaveProperty('extra', null);
  });
});
