import type { Db } from '../../../platform/db/client.js';
import { CreditLedger } from '../ledger.js';

/** The raw ledger for tests that set up balances and look at holds directly. */
export const testLedger = (db: Db) => new CreditLedger(db);
