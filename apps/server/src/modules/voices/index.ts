export { createVoicesModule } from './module.js';
export { studioVoices, type ListedVoice, type StudioVoice, type StudioVoices } from './studio-voices.js';
export { ownedVoicesCount } from './owned-count.js';
export { voiceChannelKind } from './channels.js';
export { seededPublicVoiceId } from './public-voice.js';
