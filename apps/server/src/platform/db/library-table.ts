import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** A public library item (source 2, no owner) as the operator console lists and edits it. */
export interface LibraryItem {
  id: number;
  name: string;
  /** Storage key of its picture ('' when it has none). */
  coverKey: string;
  hidden: boolean;
  sort: number;
}
export type LibraryPatch = Pick<LibraryItem, 'name' | 'hidden' | 'sort'> & {
  /** A new picture (a public storage key); left out keeps the current one. */
  coverKey?: string;
};

export interface LibraryConsole {
  /** Whether its items have a picture the console may replace. */
  hasCover: boolean;
  list(db: Db): Promise<LibraryItem[]>;
  /** The item before the change, or null when it is not a public item of this library. */
  update(db: Db, id: number, p: LibraryPatch): Promise<LibraryItem | null>;
}

type LibraryTable = PgTable & Record<'id' | 'name' | 'source' | 'userId' | 'hidden' | 'sort', PgColumn>;

/**
 * One console editor for every public library table (actors, voices, person and pet pictures): lists
 * its public items in the order the public list shows them (sort, then as the product orders them), renames, hides or shows and orders them.
 */
export function libraryTableConsole(
  table: LibraryTable,
  o: { cover?: PgColumn; alsoCover?: PgColumn; only?: SQL; newestFirst?: boolean },
): LibraryConsole {
  const isPublic = (extra?: SQL) => and(eq(table.source, 2), isNull(table.userId), o.only, extra);
  const columns = {
    id: table.id,
    name: table.name,
    hidden: table.hidden,
    sort: table.sort,
    ...(o.cover ? { cover: o.cover } : {}),
  };
  const item = (r: Record<string, unknown>): LibraryItem => ({
    id: Number(r.id),
    name: String(r.name),
    coverKey: typeof r.cover === 'string' ? r.cover : '',
    hidden: Number(r.hidden) === 1,
    sort: Number(r.sort),
  });
  const coverSet = (key: string | undefined): Record<string, string> => {
    if (!key || !o.cover) return {};
    const set: Record<string, string> = { [columnKey(table, o.cover)]: key };
    if (o.alsoCover) set[columnKey(table, o.alsoCover)] = key;
    return set;
  };
  return {
    hasCover: o.cover !== undefined,
    async list(db) {
      const rows = (await db
        .select(columns)
        .from(table as PgTable)
        .where(isPublic())
        .orderBy(asc(table.sort), o.newestFirst ? desc(table.id) : asc(table.id))) as Record<string, unknown>[];
      return rows.map(item);
    },
    async update(db, id, p) {
      const [before] = (await db
        .select(columns)
        .from(table as PgTable)
        .where(isPublic(eq(table.id, id)))
        .for('update')) as Record<string, unknown>[];
      if (!before) return null;
      await db
        .update(table)
        .set({ name: p.name, hidden: p.hidden ? 1 : 0, sort: p.sort, ...coverSet(p.coverKey) } as never)
        .where(eq(table.id, id));
      return item(before);
    },
  };
}

/** The property name under which a table declares a column (what `update().set()` takes). */
function columnKey(table: PgTable, column: PgColumn): string {
  const found = Object.entries(table).find(([, c]) => c === column);
  if (!found) throw new Error(`column ${column.name} is not in its table`);
  return found[0];
}
