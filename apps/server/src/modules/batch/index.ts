export { createBatchModule } from './module.js';
export type { BatchDeps } from './deps.js';
