import { videoChannels } from '../../db/schema/index.js';
import { channelTableConsole } from '../../platform/db/channel-table.js';

export type { ChannelFacts, ChannelPatch } from '../../platform/db/channel-table.js';

/** The video channels as the operator console lists and edits them (the studio reads the same rows). */
export const videoChannelConsole = channelTableConsole(videoChannels, { desc: 'desc' });
