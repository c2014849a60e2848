import { CaptionsPanel, captionsText } from '../../../components/captions';
import { useToolState } from '../../../lib/tool-state';
import type { Scene } from '../lib/scenes';

/** One caption style for every scene, previewed over the first scene's avatar with its script; recordings need speech recognition. */
export function SceneCaptions({ scenes }: { scenes: Scene[] }) {
  const recognition = useToolState('audioCaptions');
  const first = scenes.find((s) => s.avatar) ?? scenes[0];
  const audio = scenes.some((s) => s.type === 'audio');
  return (
    <CaptionsPanel
      cover={first?.avatar?.cover}
      landscape={first?.avatar?.hs === 1}
      script={scenes.find((s) => s.type === 'text')?.text ?? ''}
      unavailable={audio && recognition.known && !recognition.available ? captionsText.audioUnavailable : undefined}
    />
  );
}
