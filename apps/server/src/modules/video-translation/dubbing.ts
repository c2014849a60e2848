import { videoTranslateMessages as m } from '@app/contract';
import type { SpeechProvider } from '../../engines/speech/index.js';
import type { AppContext } from '../../platform/context.js';
import { CLONING_VOICE_CHANNELS, OFFLINE_DUB_LANGUAGES } from './labels.js';

export interface DubVoice {
  /** Voice channel key ('local' for the offline engine). */
  channel: string;
  provider: SpeechProvider;
  /** Whether the speaker's own voice is cloned (a remote engine) or only approximated (offline). */
  cloned: boolean;
  /** The languages it can speak: all for a cloning channel, Chinese and English offline. */
  speaks: (lang: string) => boolean;
  /** The sentence the user reads with the result. */
  note: string;
}

/**
 * The voice channel that dubs: the one TRANSLATE_DUB_CHANNEL names, or with `auto` the first configured
 * channel that clones; the offline engine otherwise, named as an approximation, never as a clone.
 */
export function dubVoiceOf(ctx: AppContext): DubVoice {
  const speech = ctx.engines.speech;
  const choice = ctx.config.TRANSLATE_DUB_CHANNEL;
  const candidates = choice === 'auto' ? [...CLONING_VOICE_CHANNELS] : choice === 'local' ? [] : [choice];
  for (const channel of candidates) {
    if (!speech.isConfigured(channel) || !speech.capabilities(channel).clone) continue;
    const provider = speech.forChannel(channel);
    if (provider.id === 'local') continue;
    return { channel, provider, cloned: true, speaks: () => true, note: m.clonedVoiceNote(provider.name) };
  }
  return {
    channel: 'local',
    provider: speech.forChannel('local'),
    cloned: false,
    speaks: (lang) => OFFLINE_DUB_LANGUAGES.includes(lang),
    note: m.offlineVoiceNote,
  };
}
