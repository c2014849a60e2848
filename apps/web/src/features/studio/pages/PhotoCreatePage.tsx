import { Card, Col, Empty, Row, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Photo } from '@app/contract';
import { usePhotos, type PhotoSource, type PhotoType } from '../../../entities/photos';
import { ChannelDialog } from '../components/ChannelDialog';
import { DriveCard } from '../components/DriveCard';
import { PhotoPanel } from '../components/PhotoPanel';
import { StudioCaptions } from '../components/StudioCaptions';
import { VoiceTuning } from '../components/VoiceTuning';
import { useSubmitPhotoWork } from '../hooks/use-submit-photo-work';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** The picture named by ?id=&source= (1 mine, 2 library), chosen once its list is in. */
function usePhotoFromQuery(type: PhotoType, chosen: Photo | null, choose: (p: Photo) => void) {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || null;
  const source = sourceOf(search);
  const list = usePhotos(type, source, id !== null);
  useEffect(() => {
    if (!id || chosen) return;
    const found = list.data?.list.find((p) => p.id === id);
    if (found) choose(found);
  }, [id, chosen, list.data, choose]);
}

const sourceOf = (search: URLSearchParams): PhotoSource => (search.get('source') === '1' ? '1' : '2');

function PhotoPreview({ photo, pet }: { photo: Photo | null; pet: boolean }) {
  const { token } = theme.useToken();
  const box = {
    width: '100%',
    aspectRatio: '3 / 4',
    maxHeight: '62vh',
    background: token.colorFillTertiary,
    borderRadius: token.borderRadiusLG,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;
  if (!photo)
    return (
      <div style={box}>
        <Empty description={t.photoSection(pet)} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      </div>
    );
  return (
    <div style={{ ...box, background: '#000' }}>
      <img src={photo.url} alt={photo.name} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
    </div>
  );
}

/**
 * Pet video creation (/pet/establish, type 2) and photo-speak creation (/store/characters, type 1): the
 * studio's voice, script, audio and channel pieces around a picture instead of an avatar video.
 */
export function PhotoCreatePage({ type }: { type: PhotoType }) {
  const pet = type === 2;
  const reset = useStudioStore((s) => s.reset);
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [search] = useSearchParams();
  const [tab, setTab] = useState<PhotoSource>(() => sourceOf(search));
  usePhotoFromQuery(type, photo, setPhoto);
  useEffect(() => {
    reset({ voiceTab: '0' });
  }, [reset]);
  const work = useSubmitPhotoWork(photo, type);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xxl={6}>
        <Card size="small" title={t.photoSection(pet)}>
          <PhotoPanel type={type} tab={tab} onTabChange={setTab} value={photo?.id ?? null} onChange={setPhoto} />
        </Card>
      </Col>
      <Col xs={24} lg={6} xxl={6}>
        <PhotoPreview photo={photo} pet={pet} />
        <StudioCaptions cover={photo?.url ?? ''} landscape={!!photo && photo.width > photo.height} />
      </Col>
      <Col xs={24} lg={11} xxl={12}>
        <DriveCard seconds={work.seconds} onSynthesize={work.press} tuning={<VoiceTuning />} />
      </Col>
      <ChannelDialog
        kind="photo"
        open={work.choosing}
        seconds={work.seconds}
        submitting={work.submitting}
        onChoose={work.choose}
        onClose={work.closeChannels}
      />
    </Row>
  );
}
