export { extractionModule } from './module.js';
export { extractionResults, extractionRuns } from './service.js';
export { extractionJobKey } from './job-key.js';
