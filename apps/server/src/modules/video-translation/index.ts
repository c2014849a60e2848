export { videoTranslationModule } from './module.js';
export { translateChannelKind } from './repo.js';
