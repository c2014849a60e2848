export { createTalkingVideoModule } from './module.js';
export type { TalkingVideoDeps } from './service.js';
