export { createVoicesModule } from './module.js';
export { studioVoices, type StudioVoice, type StudioVoices } from './studio-voices.js';
export { ownedVoicesCount } from './owned-count.js';
export { voiceChannelConsole } from './channel-console.js';
export { publicVoiceLibrary } from './library.js';
