export { liveModule } from './module.js';
