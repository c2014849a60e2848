export { creditsModule } from './module.js';
export { creditLedger, type CreditLedger, type Reservation, type ReservationStatus } from './service.js';
export { storageUsage, type StorageUsage } from './storage-usage.js';
export { createRedeemCodes, redeemCodeFor } from './redeem-codes.js';
export * from './paid-job.js';
