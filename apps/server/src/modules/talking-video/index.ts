export { createTalkingVideoModule } from './module.js';
export type { TalkingVideoDeps } from './service.js';
export { usableChannel, type VideoChannelRow } from './channels.js';
export { videoChannelConsole, type ChannelFacts, type ChannelPatch } from './channel-console.js';
