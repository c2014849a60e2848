export { adminModule } from './module.js';
