export { extractionModule } from './module.js';
export { extractionResults, extractionRuns } from './service.js';
