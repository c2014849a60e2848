import { AuditionButton as ScriptAudition } from '../../../components/script-box';
import { useStudioStore } from '../stores/studio-store';

/** The studio's trial listen: the script in the chosen voice; the result is kept until the script or voice changes. */
export function AuditionButton() {
  const { text, voice, speech, voiceTab, synthesized, setSynthesized } = useStudioStore();
  // Speed, volume and pitch go along only on the public voice tab: own voices carry their saved ones.
  const tuned = voiceTab === '0' ? { rate: speech.rate, volume: speech.volume, pitch: speech.pitch } : {};
  const request =
    text.trim() && voice
      ? {
          voice_id: voice.id,
          text,
          language: speech.language || undefined,
          emotion: speech.emotion === 'default' ? undefined : speech.emotion,
          ...tuned,
        }
      : null;
  return (
    <ScriptAudition
      request={request}
      kept={synthesized}
      onSynthesized={(job, asked) => {
        // The text or voice changed while it was synthesizing: that speech belongs to neither.
        const now = useStudioStore.getState();
        if (now.text !== asked.text || now.voice?.id !== asked.voice_id) return;
        setSynthesized({ fileId: job.file_id, url: job.url, name: '', duration: job.duration });
      }}
    />
  );
}
