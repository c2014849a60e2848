export { createPhotoVideoModule, type PhotoWorks } from './module.js';
