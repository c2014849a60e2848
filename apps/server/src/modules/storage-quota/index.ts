export { storageQuotaModule } from './module.js';
export { storageUsage, type StorageUsage } from './storage-usage.js';
export { storageRows, type AccountStorage } from './repo.js';
