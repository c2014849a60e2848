export { createMultiSceneModule } from './module.js';
export type { MultiSceneDeps } from './service.js';
