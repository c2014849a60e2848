export { extractionModule } from './module.js';
export { extractionResults } from './service.js';
