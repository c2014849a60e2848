import { voiceChannels } from '../../db/schema/index.js';
import { channelTableConsole } from '../../platform/db/channel-table.js';

/** The voice channels as the operator console lists and edits them (the clone page reads the same rows). */
export const voiceChannelConsole = channelTableConsole(voiceChannels, { desc: 'description', freeTimes: 'freeTimes' });
