export { createPhotoVideoModule, type PhotoWorks } from './module.js';
export { photoChannelKind } from './channels.js';
