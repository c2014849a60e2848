export { createMultiSceneModule } from './module.js';
export type { MultiSceneDeps } from './service.js';
export { MultiSceneService, type SaveMultiWorkParams } from './service.js';
export { MULTI_KIND } from './labels.js';
