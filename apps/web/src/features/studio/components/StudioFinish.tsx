import { BackgroundPanel, backdropText, MusicPanel } from '../../../components/backdrop';
import { useStudioStore } from '../stores/studio-store';

/** The studio's backdrop behind the chosen avatar (its screen keyed, or its person matted) and music under the voice. */
export function StudioFinish() {
  const avatar = useStudioStore((s) => s.avatar);
  return (
    <>
      <BackgroundPanel
        cover={avatar?.cover}
        cutout={avatar?.cutout}
        landscape={avatar?.hs === 1}
        screen={avatar?.screen}
        unavailable={avatar ? undefined : backdropText.noAvatar}
      />
      <MusicPanel />
    </>
  );
}
