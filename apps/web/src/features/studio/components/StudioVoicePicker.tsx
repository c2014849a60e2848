import { useEffect } from 'react';
import { VoicePicker } from '../../../components/voice-picker';
import { useVoiceList } from '../../../entities/voices';
import { useStudioStore } from '../stores/studio-store';

/**
 * A public actor with a voice of its own speaks with it when the script has no voice yet (shown on the
 * public tab); whatever the user picks afterwards stays. A work driven by an audio file is left alone.
 */
function useActorVoice() {
  const voiceId = useStudioStore((s) => (s.mode === 1 ? (s.avatar?.voiceId ?? null) : null));
  const voice = useStudioStore((s) => s.voice);
  const chooseVoice = useStudioStore((s) => s.chooseVoice);
  const setTab = useStudioStore((s) => s.setVoiceTab);
  const publicVoices = useVoiceList(2, '', voiceId !== null && !voice);
  useEffect(() => {
    if (voiceId === null || voice) return;
    const found = publicVoices.data?.list.find((v) => v.id === voiceId);
    if (!found) return;
    chooseVoice(found);
    setTab('0');
  }, [voiceId, voice, publicVoices.data, chooseVoice, setTab]);
}

/** The voice tabs of the studio: the shared picker bound to the studio's choices. */
export function StudioVoicePicker() {
  const voice = useStudioStore((s) => s.voice);
  const chooseVoice = useStudioStore((s) => s.chooseVoice);
  const audio = useStudioStore((s) => s.audio);
  const chooseMaterialAudio = useStudioStore((s) => s.chooseMaterialAudio);
  const tab = useStudioStore((s) => s.voiceTab);
  const setTab = useStudioStore((s) => s.setVoiceTab);
  useActorVoice();
  return (
    <VoicePicker
      tab={tab}
      onTabChange={setTab}
      value={voice?.id ?? null}
      onChange={(v) => {
        if (v.id !== voice?.id) chooseVoice(v);
      }}
      materialValue={audio?.fileId ?? null}
      onMaterialChange={chooseMaterialAudio}
      maxHeight={260}
    />
  );
}
