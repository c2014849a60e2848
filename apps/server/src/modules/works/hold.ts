import { works } from '../../db/schema/index.js';
import type { JobHold } from '../module.js';

/** A job that renders a work holds the work's credits: the ledger key is on the works row its payload names. */
export const workHold: JobHold = { table: works, idField: 'workId' };
