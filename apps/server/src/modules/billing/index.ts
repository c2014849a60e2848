export { createBillingModule, type BillingPorts } from './module.js';
export { CreditsShort, type ShortMessage } from './credits-short.js';
export type { Reservation, ReservationStatus } from './ledger.js';
export {
  creditBalance,
  ensureCredits,
  grantCredits,
  spendCredits,
  heldCredits,
  jobRefunds,
  CALL_KEY_PREFIX,
  type HoldBill,
} from './holds.js';
export { lockPayer } from './payer.js';
export { createRedeemCodes, redeemCodeFor } from './redeem-codes.js';
export { accountCredits, type CreditsHolder } from './account-credits.js';
export { vip } from './vip.js';
export { creditConsole } from './console.js';
