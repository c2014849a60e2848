export { createTalkingVideoModule } from './module.js';
export type { TalkingVideoDeps } from './service.js';
export { videoChannelKind, type ResolvedVideoChannel, type VideoChannelRow } from './channels.js';
export { TALKING_KIND } from './labels.js';
export { TalkingVideoService } from './service.js';
export { defaultChannelFor } from './api-channel.js';
export { planWork, type SaveWorkParams } from './create-rules.js';
