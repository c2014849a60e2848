export { createAccountsModule, type AccountsPorts } from './module.js';
export { accountRows, type AccountProfile } from './account-rows.js';
export { accountNames } from './console.js';
