export { aiMediaModule } from './module.js';
export { aiImagePrices, aiVideoPrices } from './prices.js';
export { keyOfPictureUrl, SAMPLE_DIR } from './pictures.js';
export { promptCuration, inspirationGroupCuration, inspirationWordCuration } from './curation.js';
export { workflowRepo, DEFAULT_WORKFLOWS } from './workflows.js';
