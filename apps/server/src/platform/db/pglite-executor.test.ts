import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExecutor } from './client.js';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec('create table marks (n int not null)');
});
afterAll(async () => pg.close());

describe("the queue's SQL on the embedded database's single connection", () => {
  it('a failing BEGIN..COMMIT text leaves no aborted transaction for a query waiting behind it', async () => {
    const executor = pgliteExecutor(pg);
    // Both start together: the query is queued behind the failing text on the one connection.
    const [failed, after] = await Promise.allSettled([
      executor.executeSql('BEGIN;\n insert into marks values (1);\n select 1 / 0;\n COMMIT;\n'),
      pg.query<{ n: number }>('select count(*)::int as n from marks'),
    ]);
    expect(failed.status).toBe('rejected');
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 0 }] } });
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('a BEGIN..COMMIT text that succeeds commits its rows and returns the last result', async () => {
    const executor = pgliteExecutor(pg);
    const result = await executor.executeSql(
      'BEGIN;\n insert into marks values (2);\n select max(n) as n from marks;\n COMMIT;\n',
    );
    expect(result.rows).toEqual([{ n: 2 }]);
    expect((await pg.query('select count(*)::int as n from marks')).rows).toEqual([{ n: 1 }]);
  });
});
