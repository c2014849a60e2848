export { videoTranslationModule } from './module.js';
export { translateChannels } from './repo.js';
