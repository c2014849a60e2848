import { eq } from 'drizzle-orm';
import { photos } from '../../db/schema/index.js';
import { libraryTableConsole } from '../../platform/db/library-table.js';

/** Public person (type 1) and pet (type 2) pictures as the operator console curates them. */
export const publicPhotoLibrary = {
  person: libraryTableConsole(photos, { cover: photos.imageKey, only: eq(photos.type, 1), newestFirst: true }),
  pet: libraryTableConsole(photos, { cover: photos.imageKey, only: eq(photos.type, 2), newestFirst: true }),
};
