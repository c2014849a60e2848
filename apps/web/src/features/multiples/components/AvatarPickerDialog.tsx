import { Col, Empty, Flex, Modal, Row, Segmented, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { studioMessages, type Avatar } from '@app/contract';
import { MediaCard } from '../../../components/media-card/MediaCard';
import { AvatarStatus, useAvatars } from '../../../entities/avatars';
import { feedback } from '../../../lib/feedback';
import type { SceneAvatar } from '../lib/scenes';
import { multiplesText as t } from '../messages';

const refusalOf = (a: Avatar) =>
  a.status === AvatarStatus.processing
    ? studioMessages.avatarProcessing
    : a.status === AvatarStatus.failed
      ? studioMessages.avatarFailed
      : null;

const toSceneAvatar = (a: Avatar): SceneAvatar => ({
  id: a.id,
  name: a.name,
  cover: a.cover_small || a.cover,
  duration: a.duration,
  hs: a.hs,
  screen: a.screen,
  cutout: a.cutout,
});

function AvatarGrid(props: {
  source: '1' | '2';
  orientation?: 1 | 2;
  chosen: number | null;
  onPick: (a: SceneAvatar) => void;
  onConfirm: (a: SceneAvatar) => void;
}) {
  const avatars = useAvatars({ source: props.source, orientation: props.orientation });
  if (avatars.isPending) return <Spin style={{ display: 'block', padding: 32 }} />;
  const list = avatars.data?.list ?? [];
  if (list.length === 0) return <Empty description={t.noAvatars} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const choose = (a: Avatar, confirm: boolean) => {
    const refusal = refusalOf(a);
    if (refusal) return feedback.warning(refusal);
    if (confirm) props.onConfirm(toSceneAvatar(a));
    else props.onPick(toSceneAvatar(a));
  };
  return (
    <Row gutter={[8, 8]} style={{ maxHeight: 420, overflowY: 'auto' }}>
      {list.map((a) => (
        <Col key={a.id} span={6} onDoubleClick={() => choose(a, true)}>
          <MediaCard
            title={a.name}
            cover={a.cover_small || a.cover}
            aspect={3 / 4}
            fit="contain"
            selected={props.chosen === a.id}
            onClick={() => choose(a, false)}
          />
        </Col>
      ))}
    </Row>
  );
}

/** The avatar video picker: public (landscape / portrait) or mine; a double click chooses at once. */
export function AvatarPickerDialog(props: {
  open: boolean;
  value: SceneAvatar | null;
  onClose: () => void;
  onChoose: (a: SceneAvatar) => void;
}) {
  const [tab, setTab] = useState<'public' | 'mine'>('public');
  const [orientation, setOrientation] = useState<1 | 2>(2);
  const [picked, setPicked] = useState<SceneAvatar | null>(null);
  const current = picked ?? props.value;
  const confirm = (a: SceneAvatar | null) => {
    if (!a) return feedback.warning(t.avatarRequired);
    props.onChoose(a);
    setPicked(null);
    props.onClose();
  };
  const grid = (source: '1' | '2', o?: 1 | 2) => (
    <AvatarGrid source={source} orientation={o} chosen={current?.id ?? null} onPick={setPicked} onConfirm={confirm} />
  );
  return (
    <Modal
      title={t.avatarDialog}
      open={props.open}
      width={760}
      okText={t.ok}
      cancelText={t.cancel}
      onOk={() => confirm(current)}
      onCancel={() => {
        setPicked(null);
        props.onClose();
      }}
      destroyOnHidden
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'public' | 'mine')}
        items={[
          {
            key: 'public',
            label: t.publicAvatars,
            children: (
              <Flex vertical gap={8}>
                <Segmented<1 | 2>
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
                {grid('2', orientation)}
              </Flex>
            ),
          },
          { key: 'mine', label: t.myAvatars, children: grid('1') },
        ]}
      />
    </Modal>
  );
}
