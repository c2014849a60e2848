import type { VoiceChannel } from '@app/contract';
import { useLanguages, useVoiceChannels } from '../../../entities/voices';
import { languageChoices } from '../lib/language-choices';
import { useStudioStore } from '../stores/studio-store';

export type Supports = VoiceChannel['supports'];

/** Before a voice is chosen the sliders and pauses work; language and emotion wait for a channel that has them. */
const beforeVoice: Supports = { rate: true, volume: true, pitch: true, pause: true, language: false, emotion: false };

/** The channel of the chosen voice, what it supports, and the site's language tree cut to what it speaks. */
export function useVoiceChannel() {
  const voice = useStudioStore((s) => s.voice);
  const channels = useVoiceChannels();
  const channel = voice ? channels.data?.list.find((c) => c.api === voice.api) : undefined;
  const supports = channel?.supports ?? beforeVoice;
  const languages = useLanguages(supports.language);
  return {
    channel,
    supports,
    languages: languageChoices(languages.data?.list ?? [], channel?.language ?? []),
    languagesLoading: languages.isLoading,
  };
}
