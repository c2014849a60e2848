export { videoTranslationModule } from './module.js';
export { translateChannels, translateChannelConsole } from './repo.js';
