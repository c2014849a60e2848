import type { Db } from '../../platform/db/client.js';
import * as repo from './repo.js';

/**
 * The first statement of every transaction that creates a paid job: locks the payer's account row.
 * Inserting the job's row first would take a key-share lock on the same account row (its foreign
 * key), and two such transactions asking for the update lock next would deadlock; locked first,
 * concurrent submissions of one user simply run one after another.
 */
export async function lockPayer(tx: Db, userId: number): Promise<void> {
  if (!(await repo.lockAccount(tx, userId))) throw new Error(`no account ${userId}`);
}
