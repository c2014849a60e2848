import type { VoiceChannel } from '@app/contract';
import { useVoiceChannels } from '../../../entities/voices';
import { useStudioStore } from '../stores/studio-store';

export type Supports = VoiceChannel['supports'];

/** Before a voice is chosen the sliders and pauses work; language and emotion wait for a channel that has them. */
const beforeVoice: Supports = { rate: true, volume: true, pitch: true, pause: true, language: false, emotion: false };

/** The channel of the chosen voice and what it supports, plus the language tree of the site. */
export function useVoiceChannel() {
  const voice = useStudioStore((s) => s.voice);
  const channels = useVoiceChannels();
  const channel = voice ? channels.data?.list.find((c) => c.api === voice.api) : undefined;
  return {
    channel,
    supports: channel?.supports ?? beforeVoice,
    languages: channels.data?.language ?? [],
  };
}
