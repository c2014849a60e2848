import { photoChannels } from '../../db/schema/index.js';
import { channelTableConsole } from '../../platform/db/channel-table.js';

/** The photo-video channels as the operator console lists and edits them (the studio reads the same rows). */
export const photoChannelConsole = channelTableConsole(photoChannels, { desc: 'desc' });
