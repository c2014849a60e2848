export { createTalkingVideoModule } from './module.js';
export type { TalkingVideoDeps } from './service.js';
export { usableChannel, type VideoChannelRow } from './channels.js';
