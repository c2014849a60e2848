import { voices } from '../../db/schema/index.js';
import { libraryTableConsole } from '../../platform/db/library-table.js';

/** Public voices as the operator console curates them; the public voice list reads the same rows. */
export const publicVoiceLibrary = libraryTableConsole(voices, {});
