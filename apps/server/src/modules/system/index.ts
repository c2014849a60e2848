export { systemModule } from './module.js';
