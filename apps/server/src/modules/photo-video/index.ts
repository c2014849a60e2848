export { createPhotoVideoModule, type PhotoWorks } from './module.js';
export { photoChannelConsole } from './channel-console.js';
