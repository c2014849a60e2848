export { aiMediaModule } from './module.js';
export { aiMediaJobKey } from './job-key.js';
