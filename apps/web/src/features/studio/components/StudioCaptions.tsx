import { CaptionsPanel, captionsText } from '../../../components/captions';
import { useToolState } from '../../../lib/tool-state';
import { useStudioStore } from '../stores/studio-store';

/** Captions of the studio's work: over the chosen avatar's (or picture's) cover, from the script; a recording needs speech recognition. */
export function StudioCaptions({ cover, landscape }: { cover?: string; landscape?: boolean }) {
  const avatar = useStudioStore((s) => s.avatar);
  const text = useStudioStore((s) => s.text);
  const audio = useStudioStore((s) => s.mode === 2);
  const recognition = useToolState('audioCaptions');
  return (
    <CaptionsPanel
      cover={cover ?? avatar?.cover}
      landscape={landscape ?? avatar?.hs === 1}
      script={text}
      unavailable={audio && recognition.known && !recognition.available ? captionsText.audioUnavailable : undefined}
    />
  );
}
