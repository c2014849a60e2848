import { Empty, theme } from 'antd';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** The chosen avatar's video, in its own orientation. */
export function AvatarPreview() {
  const avatar = useStudioStore((s) => s.avatar);
  const { token } = theme.useToken();
  const box = {
    width: '100%',
    aspectRatio: '9 / 16',
    maxHeight: '62vh',
    background: '#000',
    borderRadius: token.borderRadiusLG,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;
  if (!avatar) {
    return (
      <div style={{ ...box, background: token.colorFillTertiary }}>
        <Empty description={t.avatarSection} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      </div>
    );
  }
  return (
    <div style={box}>
      <video
        key={avatar.url}
        src={avatar.url}
        poster={avatar.cover}
        controls
        muted
        loop
        aria-label={avatar.name}
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </div>
  );
}
