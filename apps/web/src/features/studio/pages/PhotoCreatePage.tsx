import { Button, Card, Col, Empty, Flex, Row, Segmented, theme, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Photo } from '@app/contract';
import { usePhotos, type PhotoSource, type PhotoType } from '../../../entities/photos';
import { AudioInput } from '../components/AudioInput';
import { ChannelDialog } from '../components/ChannelDialog';
import { PhotoPanel } from '../components/PhotoPanel';
import { ScriptEditor } from '../components/ScriptEditor';
import { SpeechSettings } from '../components/SpeechSettings';
import { StudioVoicePicker } from '../components/StudioVoicePicker';
import { VoiceTuning } from '../components/VoiceTuning';
import { WorkName } from '../components/WorkName';
import { useSubmitPhotoWork } from '../hooks/use-submit-photo-work';
import { studioText as t } from '../messages';
import { useStudioStore, type DriveMode } from '../stores/studio-store';

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
  const mode = useStudioStore((s) => s.mode);
  const setMode = useStudioStore((s) => s.setMode);
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
      </Col>
      <Col xs={24} lg={11} xxl={12}>
        <Card size="small" title={<WorkName />}>
          <Flex vertical gap={12}>
            <Segmented<DriveMode>
              aria-label={t.driveMode}
              value={mode}
              onChange={setMode}
              options={[
                { label: t.textMode, value: 1 },
                { label: t.audioMode, value: 2 },
              ]}
              style={{ alignSelf: 'flex-start' }}
            />
            {mode === 1 ? (
              <>
                <div>
                  <Typography.Text strong>{t.voiceSection}</Typography.Text>
                  <StudioVoicePicker />
                </div>
                <ScriptEditor />
                <SpeechSettings />
                <VoiceTuning />
              </>
            ) : (
              <AudioInput />
            )}
            <Flex justify="space-between" align="center">
              <Typography.Text type="secondary">
                {work.seconds > 0 ? t.estimate(Math.ceil(work.seconds)) : ''}
              </Typography.Text>
              <Button type="primary" size="large" onClick={work.press}>
                {t.synthesize}
              </Button>
            </Flex>
          </Flex>
        </Card>
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
