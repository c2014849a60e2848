import { BackgroundPanel, backdropText, MusicPanel } from '../../../components/backdrop';
import type { Scene } from '../lib/scenes';

/**
 * One backdrop behind every scene's presenter (only when every scene's avatar was recorded on a screen),
 * previewed over the first scene's avatar, and music under the whole work.
 */
export function SceneFinish({ scenes }: { scenes: Scene[] }) {
  const first = scenes.find((s) => s.avatar);
  const unavailable = !first
    ? backdropText.noAvatar
    : scenes.some((s) => s.avatar && !s.avatar.screen)
      ? backdropText.needsScreenScenes
      : undefined;
  return (
    <>
      <BackgroundPanel
        cover={first?.avatar?.cover}
        landscape={first?.avatar?.hs === 1}
        screen={first?.avatar?.screen}
        unavailable={unavailable}
      />
      <MusicPanel />
    </>
  );
}
