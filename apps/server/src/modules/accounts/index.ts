export { accountsModule } from './module.js';
export { accountRows, type AccountProfile, type AccountStorage } from './account-rows.js';
export { accountConsole, type ConsoleAccount } from './console.js';
export { accountStats } from './stats.js';
