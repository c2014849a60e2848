import { avatars } from '../../db/schema/index.js';
import { libraryTableConsole } from '../../platform/db/library-table.js';

/** Public actors as the operator console curates them; the public actor list reads the same rows. */
export const publicAvatarLibrary = libraryTableConsole(avatars, {
  cover: avatars.coverSmallKey,
  alsoCover: avatars.coverKey,
  newestFirst: true,
});
