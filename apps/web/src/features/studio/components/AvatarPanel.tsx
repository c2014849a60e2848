import { Col, Empty, Flex, Row, Segmented, Spin, Tabs } from 'antd';
import { studioMessages, type Avatar } from '@app/contract';
import { feedback } from '../../../lib/feedback';
import { MediaCard } from '../../../components/media-card/MediaCard';
import { AvatarStatus, useAvatars } from '../../../entities/avatars';
import { MaterialVideoList } from './MaterialVideoList';
import type { AvatarTab, Orientation } from '../lib/query-params';
import { studioText as t } from '../messages';
import { useStudioStore, type ChosenAvatar } from '../stores/studio-store';

export const toChosenAvatar = (a: Avatar): ChosenAvatar => ({
  id: a.id,
  kind: 'avatar',
  name: a.name,
  url: a.url,
  cover: a.cover,
  duration: a.duration,
  hs: a.hs,
  screen: a.screen,
  voiceId: a.voice_id,
  cutout: a.cutout,
});

/** Only ready avatars can be chosen; the others say why not. */
export function refusalOf(avatar: Avatar): string | null {
  if (avatar.status === AvatarStatus.processing) return studioMessages.avatarProcessing;
  if (avatar.status === AvatarStatus.failed) return studioMessages.avatarFailed;
  return null;
}

function AvatarList({ source, orientation }: { source: '1' | '2'; orientation?: Orientation }) {
  const avatars = useAvatars({ source, orientation });
  const chosen = useStudioStore((s) => s.avatar);
  const choose = useStudioStore((s) => s.chooseAvatar);
  if (avatars.isPending) return <Spin style={{ display: 'block', padding: 32 }} />;
  const list = avatars.data?.list ?? [];
  if (list.length === 0) return <Empty description={t.noAvatars} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const pick = (avatar: Avatar) => {
    const refusal = refusalOf(avatar);
    if (refusal) feedback.warning(refusal);
    else choose(toChosenAvatar(avatar));
  };
  return (
    <Row gutter={[8, 8]}>
      {list.map((avatar) => (
        <Col key={avatar.id} span={12}>
          <MediaCard
            title={avatar.name}
            cover={avatar.cover_small || avatar.cover}
            aspect={3 / 4}
            fit="contain"
            selected={chosen?.kind === 'avatar' && chosen.id === avatar.id}
            overlay={
              avatar.status === AvatarStatus.processing
                ? t.processing
                : avatar.status === AvatarStatus.failed
                  ? t.failed
                  : undefined
            }
            onClick={() => pick(avatar)}
          />
        </Col>
      ))}
    </Row>
  );
}

/** Own avatars, public ones (landscape or portrait) and the material library's videos. */
export function AvatarPanel() {
  const tab = useStudioStore((s) => s.avatarTab);
  const setTab = useStudioStore((s) => s.setAvatarTab);
  const orientation = useStudioStore((s) => s.orientation);
  const setOrientation = useStudioStore((s) => s.setOrientation);
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as AvatarTab)}
      size="small"
      items={[
        { key: '2', label: t.myAvatars, children: <AvatarList source="1" /> },
        {
          key: '1',
          label: t.publicAvatars,
          children: (
            <Flex vertical gap={8}>
              <Segmented<Orientation>
                aria-label={t.orientation}
                size="small"
                value={orientation}
                onChange={setOrientation}
                options={[
                  { label: t.portrait, value: 2 },
                  { label: t.landscape, value: 1 },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              <AvatarList source="2" orientation={orientation} />
            </Flex>
          ),
        },
        { key: '3', label: t.materialLibrary, children: <MaterialVideoList /> },
      ]}
    />
  );
}
