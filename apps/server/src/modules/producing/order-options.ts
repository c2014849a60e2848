import type { Db } from '../../platform/db/client.js';
import type { WorkRow } from '../works/index.js';
import type { Canvas } from './canvas.js';

/** Where an order came from: the web app, or a program through the open API (its ledger lines say so). */
export type OrderOrigin = 'web' | 'api';

/** Words the ledger adds to an order placed through the open API. */
const API_MARK = '（API）';

/** How the ledger names an order's hold, charge and refund: the producer's words, marked when it came through the API. */
export const creditActionOf = (actionName: string, origin: OrderOrigin = 'web') =>
  origin === 'api' ? `${actionName}${API_MARK}` : actionName;

/** What an order placed outside the studio adds to its params (the open API's generate call). */
export interface OrderOptions {
  origin?: OrderOrigin;
  /** The frame the video fills, with its colour around the avatar; none keeps the avatar's own size. */
  canvas?: Canvas | null;
  /** Runs in the transaction that writes the work and holds its price (the API records its order there). */
  onOpen?: (tx: Db, row: WorkRow) => Promise<void>;
}
