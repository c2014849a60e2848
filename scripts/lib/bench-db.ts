import pg from 'pg';

/** A throwaway database on the PostgreSQL server, or the reason it could not be made. */
export async function postgresUrl(): Promise<{ url: string } | { error: string }> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5_000 });
  try {
    await c.connect();
    await c.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return { url: url.toString() };
  } catch (e) {
    const u = new URL(base);
    return { error: `${u.host}${u.pathname}: ${(e as Error).message}` };
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function dropDb(url: string) {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await c.end();
}
