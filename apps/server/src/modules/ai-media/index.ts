export { aiMediaModule } from './module.js';
export { keyOfPictureUrl } from './pictures.js';
export { DEFAULT_WORKFLOWS } from './workflows.js';
