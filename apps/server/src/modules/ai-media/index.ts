export { aiMediaModule } from './module.js';
