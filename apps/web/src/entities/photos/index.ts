export { photosKey, refreshPhotos, usePhotos, type PhotoSource, type PhotoType } from './photo-queries';
