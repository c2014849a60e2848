import { BackgroundPanel, backdropText, MusicPanel } from '../../../components/backdrop';
import { useStudioStore } from '../stores/studio-store';

/** The studio's backdrop (screen-recorded avatars only, said at once for the others) and music under the voice. */
export function StudioFinish() {
  const avatar = useStudioStore((s) => s.avatar);
  const unavailable = !avatar ? backdropText.noAvatar : avatar.screen ? undefined : backdropText.needsScreen;
  return (
    <>
      <BackgroundPanel
        cover={avatar?.cover}
        landscape={avatar?.hs === 1}
        screen={avatar?.screen}
        unavailable={unavailable}
      />
      <MusicPanel />
    </>
  );
}
