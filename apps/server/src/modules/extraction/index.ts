export { extractionModule } from './module.js';
export { extractionResults } from './service.js';
export { extractionJobKey } from './job-key.js';
