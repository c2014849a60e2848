export { creditsModule } from './module.js';
export { creditLedger, type CreditLedger, type Reservation, type ReservationStatus } from './service.js';
export { storageUsage, type StorageUsage } from './storage-usage.js';
export { createRedeemCodes, redeemCodeFor } from './redeem-codes.js';
export * from './paid-job.js';
export { creditConsole } from './console.js';
export { codeBatches, codesCsv, CODE_CSV_HEADER, type CodeState, type UsernameOf } from './code-batches.js';
export { creditStats } from './stats.js';
