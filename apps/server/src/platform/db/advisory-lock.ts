import pg from 'pg';

/**
 * Runs `fn` on a dedicated connection while it holds the PostgreSQL advisory lock named `name`, so
 * processes sharing one database (ROLE=api and ROLE=worker started together) take turns. The lock
 * is tied to the connection: a process that dies mid-way releases it with its connection.
 */
export async function withAdvisoryLock<T>(
  connectionString: string,
  name: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  // A connection dropped while waiting surfaces as the failing query below; this only keeps it from crashing the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
    return await fn(client);
  } finally {
    // Closing the session releases its advisory locks, also when `fn` failed.
    await client.end().catch(() => undefined);
  }
}
