import { BackgroundPanel, backdropText, MusicPanel } from '../../../components/backdrop';
import type { Scene } from '../lib/scenes';

/**
 * One backdrop behind every scene's presenter (a screen keyed out, any other presenter matted), previewed
 * over the first scene's avatar, and music under the whole work.
 */
export function SceneFinish({ scenes }: { scenes: Scene[] }) {
  const first = scenes.find((s) => s.avatar);
  return (
    <>
      <BackgroundPanel
        cover={first?.avatar?.cover}
        cutout={first?.avatar?.cutout}
        landscape={first?.avatar?.hs === 1}
        screen={first?.avatar?.screen}
        unavailable={first ? undefined : backdropText.noAvatar}
      />
      <MusicPanel />
    </>
  );
}
