import type { SpeechVoice } from '../../engines/speech/index.js';
import type { VoiceRow } from './repo.js';

/** What an engine needs to speak with a stored voice. */
export function speechVoiceOf(row: VoiceRow): SpeechVoice {
  return { voiceRef: row.voiceRef, promptText: row.promptText || undefined, profile: row.profile ?? undefined };
}

/** The sentence a new voice speaks for its preview clip. */
export const PREVIEW_TEXT = '大家好，这是我的专属声音。输入文字，数字人就能用这个声音开口说话。';
