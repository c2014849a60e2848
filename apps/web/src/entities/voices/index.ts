export {
  isCloning,
  isFailed,
  refreshVoices,
  useVoiceList,
  voicePollInterval,
  voicesKey,
  type VoiceSource,
} from './voice-queries';
export { useVoiceChannels, voiceChannelsKey } from './voice-channels';
export { languagesKey, useLanguages, type LanguageOption } from './languages';
