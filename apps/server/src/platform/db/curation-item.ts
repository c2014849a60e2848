import type { Db } from './client.js';

/** One piece of curated page content (a recommended prompt, an inspiration group or word, a writing topic). */
export interface CurationFacts {
  id: number;
  name: string;
  content: string;
  groupId: number;
  isMulti: 0 | 1;
  /** Storage keys of its pictures ('' when none). */
  imageKey: string;
  imageTailKey: string;
  hidden: boolean;
  sort: number;
}
export type CurationValues = Omit<CurationFacts, 'id'>;

/** How the console reads and writes one kind of curated content; the module owning the table implements it. */
export interface CurationKeeper {
  list(db: Db): Promise<CurationFacts[]>;
  /** The item, locked for the change that follows. */
  find(db: Db, id: number): Promise<CurationFacts | null>;
  insert(db: Db, v: CurationValues): Promise<number>;
  update(db: Db, id: number, v: CurationValues): Promise<void>;
}
