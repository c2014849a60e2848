export { createOpenApiModule } from './module.js';
