import { VoicePicker } from '../../../components/voice-picker';
import { useStudioStore } from '../stores/studio-store';

/** The voice tabs of the studio: the shared picker bound to the studio's choices. */
export function StudioVoicePicker() {
  const voice = useStudioStore((s) => s.voice);
  const chooseVoice = useStudioStore((s) => s.chooseVoice);
  const audio = useStudioStore((s) => s.audio);
  const chooseMaterialAudio = useStudioStore((s) => s.chooseMaterialAudio);
  const tab = useStudioStore((s) => s.voiceTab);
  const setTab = useStudioStore((s) => s.setVoiceTab);
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
