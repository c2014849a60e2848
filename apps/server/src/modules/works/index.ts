export { createWorksModule } from './module.js';
export type { WorksDeps } from './service.js';
