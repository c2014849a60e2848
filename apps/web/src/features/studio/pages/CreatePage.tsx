import { Card, Col, Flex, Row } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { studioMessages } from '@app/contract';
import { useAvatars } from '../../../entities/avatars';
import { useMaterials } from '../../../entities/materials';
import { feedback } from '../../../lib/feedback';
import { useDraft } from '../../../lib/use-draft';
import { AvatarPanel, refusalOf, toChosenAvatar } from '../components/AvatarPanel';
import { AvatarPreview } from '../components/AvatarPreview';
import { ChannelDialog } from '../components/ChannelDialog';
import { DriveCard } from '../components/DriveCard';
import { StudioCaptions } from '../components/StudioCaptions';
import { StudioFinish } from '../components/StudioFinish';
import { STUDIO_NAME_DRAFT, STUDIO_SCRIPT_DRAFT, useSubmitWork } from '../hooks/use-submit-work';
import { HANDOVER_TEXT_KEY, parseStudioEntry } from '../lib/query-params';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

function readHandoverText(): string {
  try {
    return sessionStorage.getItem(HANDOVER_TEXT_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Picks the avatar named by ?id= once the lists are in: own ones first, then public ones of ?hs=;
 * with ?source=3 the id names a video of the material library.
 */
function useAvatarFromQuery(avatarId: number | null, fromLibrary: boolean) {
  const orientation = useStudioStore((s) => s.orientation);
  const mine = useAvatars({ source: '1' });
  const publicOnes = useAvatars({ source: '2', orientation });
  const library = useMaterials('video', fromLibrary && avatarId !== null);
  const chosen = useStudioStore((s) => s.avatar);
  const choose = useStudioStore((s) => s.chooseAvatar);
  const chooseMaterial = useStudioStore((s) => s.chooseMaterialVideo);
  const setTab = useStudioStore((s) => s.setAvatarTab);
  useEffect(() => {
    if (!avatarId || chosen) return;
    if (fromLibrary) {
      const video = library.data?.list.find((m) => m.id === avatarId);
      if (video) chooseMaterial(video);
      return;
    }
    const own = mine.data?.list.find((a) => a.id === avatarId);
    const found = own ?? publicOnes.data?.list.find((a) => a.id === avatarId);
    if (!found || refusalOf(found)) return;
    choose(toChosenAvatar(found));
    setTab(own ? '2' : '1');
  }, [avatarId, fromLibrary, chosen, mine.data, publicOnes.data, library.data, choose, chooseMaterial, setTab]);
}

/**
 * ?origin=audio&audioId=<material id>: once the library is fetched for this visit, that audio drives the
 * work (audio mode, its player). Done once per id, so later refetches never undo what the user changed.
 */
function useMaterialAudioFromQuery(materialId: number | null) {
  const materials = useMaterials('audio', materialId !== null);
  const choose = useStudioStore((s) => s.chooseMaterialAudio);
  const handled = useRef<number | null>(null);
  const { data, isFetchedAfterMount } = materials;
  useEffect(() => {
    if (materialId === null) handled.current = null;
    if (materialId === null || !data || !isFetchedAfterMount || handled.current === materialId) return;
    handled.current = materialId;
    const found = data.list.find((m) => m.id === materialId);
    if (found) choose(found);
    else feedback.warning(t.materialAudioMissing);
  }, [materialId, data, isFetchedAfterMount, choose]);
}

/** The script and the work's name are kept as drafts of the account until the work is submitted. */
function useStudioDrafts(handedOver: boolean) {
  const text = useStudioStore((s) => s.text);
  const setText = useStudioStore((s) => s.setText);
  const workName = useStudioStore((s) => s.workName);
  const setWorkName = useStudioStore((s) => s.setWorkName);
  useDraft(STUDIO_SCRIPT_DRAFT, text, setText, handedOver);
  useDraft(STUDIO_NAME_DRAFT, workName === studioMessages.defaultWorkName ? '' : workName, setWorkName, handedOver);
}

/** The studio: avatar, voice and script (or audio), then a channel, then the work is queued. */
export default function CreatePage() {
  const [search] = useSearchParams();
  const entry = useMemo(() => parseStudioEntry(search), [search]);
  const reset = useStudioStore((s) => s.reset);
  const work = useSubmitWork();
  const chosen = useStudioStore((s) => s.avatar);

  useEffect(() => {
    reset({
      avatarTab: entry.avatarTab ?? '1',
      orientation: entry.orientation,
      text: entry.handover ? readHandoverText() : '',
      mode: entry.materialAudioId ? 2 : 1,
    });
  }, [entry, reset]);
  useStudioDrafts(entry.handover);
  useAvatarFromQuery(entry.avatarId, entry.avatarTab === '3');
  useMaterialAudioFromQuery(entry.materialAudioId);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xxl={6}>
        <Card size="small" title={t.avatarSection}>
          <AvatarPanel />
        </Card>
      </Col>
      <Col xs={24} lg={6} xxl={6}>
        <Flex vertical gap={16}>
          <AvatarPreview />
          <StudioCaptions />
          <StudioFinish />
        </Flex>
      </Col>
      <Col xs={24} lg={11} xxl={12}>
        <DriveCard seconds={work.seconds} onSynthesize={work.press} />
      </Col>
      <ChannelDialog
        open={work.choosing}
        seconds={work.seconds}
        submitting={work.submitting}
        onChoose={work.choose}
        onClose={work.closeChannels}
        videoId={chosen?.kind === 'avatar' ? chosen.id : null}
      />
    </Row>
  );
}
