import { protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * The embedded database's query path for the ORM, with each distinct statement prepared once.
 *
 * PGlite's own `query()` parses and plans every call and steps through the wire protocol in six
 * separate calls into the engine (parse, describe, bind, describe, execute, sync), then copies its
 * whole type-parser table when the caller brings its own parsers. Here a statement's text is parsed
 * once under a name, with its parameter and result types remembered; every later call is a single
 * bind + execute + sync message. Results, errors (the engine's DatabaseError with its `code`) and
 * locking (the same query and transaction mutexes as PGlite's own calls, so statements never slip
 * into another caller's open transaction) are as with `query()`.
 */

const { serialize, Parser } = protocol;
type BackendMessage = Parameters<Parameters<InstanceType<typeof Parser>['parse']>[1]>[0];

interface Field {
  name: string;
  dataTypeID: number;
}
interface Statement {
  name: string;
  paramTypes: number[];
  fields: Field[];
}
type ParserFn = (value: string, typeId: number) => unknown;

/** Kept per database; the least recently used statement is closed past this many. */
const MAX_STATEMENTS = 500;
/** Postgres refuses a prepared statement whose table changed shape (its result type changed). */
const CACHED_PLAN_CHANGED = '0A000';

/** What the ORM's PGlite driver calls on its client. */
export interface StatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(fn: (tx: StatementClient & { rollback(): Promise<void>; closed: boolean }) => Promise<T>): Promise<T>;
}

interface DbError extends Error {
  code?: string;
  query?: string;
  params?: unknown[];
}

function messagesOf(raw: Uint8Array): BackendMessage[] {
  const out: BackendMessage[] = [];
  new Parser().parse(raw, (m) => out.push(m));
  return out;
}

function raise(err: BackendMessage, text: string, params: unknown[] | undefined): never {
  const e = err as unknown as DbError;
  e.query = text;
  e.params = params;
  throw e;
}

export function statementClient(pg: PGlite): StatementClient {
  const statements = new Map<string, Statement>();
  /** Close messages for statements dropped from the cache, sent ahead of the next call. */
  let toClose: Uint8Array[] = [];
  let counter = 0;

  const exchange = (parts: Uint8Array[], inTx: boolean) =>
    pg.execProtocolRaw(parts.length === 1 ? parts[0]! : Buffer.concat(parts), { syncToFs: !inTx });

  async function prepare(text: string, inTx: boolean): Promise<Statement> {
    const name = `d${++counter}`;
    const parts = [
      ...toClose,
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ];
    toClose = [];
    const msgs = messagesOf(await exchange(parts, inTx));
    const stmt: Statement = { name, paramTypes: [], fields: [] };
    for (const m of msgs) {
      if (m.name === 'error') raise(m, text, undefined);
      if (m.name === 'parameterDescription') stmt.paramTypes = (m as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      if (m.name === 'rowDescription')
        stmt.fields = (m as unknown as { fields: Field[] }).fields.map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
    }
    statements.set(text, stmt);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest, dropped] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      toClose.push(serialize.close({ type: 'S', name: dropped.name }));
    }
    return stmt;
  }

  function forget(text: string, stmt: Statement) {
    if (statements.get(text) !== stmt) return;
    statements.delete(text);
    toClose.push(serialize.close({ type: 'S', name: stmt.name }));
  }

  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTx: boolean,
    retried = false,
  ): Promise<Results<T>> {
    let stmt = statements.get(text);
    if (stmt) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, stmt);
    } else stmt = await prepare(text, inTx);
    const ownSerializers = options?.serializers;
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const oid = stmt.paramTypes[i]!;
      const s = ownSerializers?.[oid] ?? pg.serializers[oid];
      return s ? (s(p) as string) : String(p as string);
    });
    const parts = [
      ...toClose,
      serialize.bind({ statement: stmt.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ];
    toClose = [];
    const raw = await exchange(parts, inTx);
    const ownParsers = options?.parsers as Record<number, ParserFn> | undefined;
    const defaults = pg.parsers as Record<number, ParserFn>;
    const fields = stmt.fields;
    const parserOf = fields.map((f) => ownParsers?.[f.dataTypeID] ?? defaults[f.dataTypeID]);
    const asArray = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    let error: BackendMessage | undefined;
    new Parser().parse(raw, (m) => {
      if (m.name === 'dataRow') {
        const cells = (m as unknown as { fields: (string | null)[] }).fields;
        const parsed = cells.map((v, i) =>
          v === null ? null : parserOf[i] ? parserOf[i](v, fields[i]!.dataTypeID) : v,
        );
        if (asArray) rows.push(parsed);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = parsed[i];
          rows.push(row);
        }
      } else if (m.name === 'commandComplete') {
        const tag = (m as unknown as { text: string }).text.split(' ');
        command = tag[0];
        const n = parseInt(tag[tag.length - 1]!, 10);
        if (!Number.isNaN(n)) rowCount = n;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command!)) affectedRows += n;
      } else if (m.name === 'error') error ??= m;
    });
    if (error) {
      if ((error as unknown as DbError).code === CACHED_PLAN_CHANGED && !retried) {
        forget(text, stmt);
        return run(text, params, options, inTx, true);
      }
      raise(error, text, params);
    }
    const result: Results<T> = { rows: rows as T[], fields, affectedRows };
    if (command) Object.assign(result, { command });
    if (rowCount !== undefined) Object.assign(result, { rowCount });
    return result;
  }

  // Blobs (COPY to and from files) are PGlite's own business.
  const plain = (options?: QueryOptions) => !options?.blob;

  return {
    query: async (text, params = [], options) => {
      if (!plain(options)) return pg.query(text, params, options);
      if (pg.closed) throw new Error('PGlite is closed');
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(text, params, options, false)));
    },
    exec: (text, options) => pg.exec(text, options),
    transaction: (fn) =>
      pg.transaction((tx: Transaction) =>
        fn({
          query: async (text, params = [], options) => {
            if (!plain(options)) return tx.query(text, params, options);
            if (tx.closed) throw new Error('Transaction is closed');
            return pg._runExclusiveQuery(() => run(text, params, options, true));
          },
          exec: (text, options) => tx.exec(text, options),
          transaction: () => {
            throw new Error('nested transactions use savepoints');
          },
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        }),
      ),
  };
}
