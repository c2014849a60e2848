export { VoicePicker, voiceRefusal, type VoicePickerProps, type VoicePickerTab } from './VoicePicker';
export { VoiceTile } from './VoiceTile';
export { useVoicePreview, type PreviewState } from './use-voice-preview';
export { voicePickerMessages } from './messages';
