export { createPhotoVideoModule, type PhotoWorks } from './module.js';
export { photoChannelKind } from './channels.js';
export { PhotoLibrary } from './library.js';
export { PHOTO_KIND } from './labels.js';
export { PHOTO_SOURCE, type PhotoRow } from './repo.js';
export type { SaveWorkParams as SavePhotoWorkParams } from './create.js';
export { checkPhotoPicture, photoRenderSpan } from './create.js';
