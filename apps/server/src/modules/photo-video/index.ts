export { createPhotoVideoModule, type PhotoWorks } from './module.js';
export { photoChannelConsole } from './channel-console.js';
export { publicPhotoLibrary } from './public-library.js';
