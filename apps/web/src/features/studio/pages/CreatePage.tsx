import { Button, Card, Col, Flex, Row, Segmented, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStudioAvatars } from '../api/list-avatars';
import { AudioInput } from '../components/AudioInput';
import { AvatarPanel, refusalOf, toChosenAvatar } from '../components/AvatarPanel';
import { AvatarPreview } from '../components/AvatarPreview';
import { ChannelDialog } from '../components/ChannelDialog';
import { ScriptEditor } from '../components/ScriptEditor';
import { SpeechSettings } from '../components/SpeechSettings';
import { VoicePanel } from '../components/VoicePanel';
import { WorkName } from '../components/WorkName';
import { useSubmitWork } from '../hooks/use-submit-work';
import { HANDOVER_TEXT_KEY, parseStudioEntry } from '../lib/query-params';
import { studioText as t } from '../messages';
import { useStudioStore, type DriveMode } from '../stores/studio-store';

function readHandoverText(): string {
  try {
    return sessionStorage.getItem(HANDOVER_TEXT_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Picks the avatar named by ?id= once the lists are in: own ones first, then public ones of ?hs=. */
function useAvatarFromQuery(avatarId: number | null) {
  const orientation = useStudioStore((s) => s.orientation);
  const mine = useStudioAvatars('1');
  const publicOnes = useStudioAvatars('2', orientation);
  const chosen = useStudioStore((s) => s.avatar);
  const choose = useStudioStore((s) => s.chooseAvatar);
  const setTab = useStudioStore((s) => s.setAvatarTab);
  useEffect(() => {
    if (!avatarId || chosen) return;
    const own = mine.data?.list.find((a) => a.id === avatarId);
    const found = own ?? publicOnes.data?.list.find((a) => a.id === avatarId);
    if (!found || refusalOf(found)) return;
    choose(toChosenAvatar(found));
    setTab(own ? '2' : '1');
  }, [avatarId, chosen, mine.data, publicOnes.data, choose, setTab]);
}

/** The studio: avatar, voice and script (or audio), then a channel, then the work is queued. */
export default function CreatePage() {
  const [search] = useSearchParams();
  const entry = useMemo(() => parseStudioEntry(search), [search]);
  const reset = useStudioStore((s) => s.reset);
  const mode = useStudioStore((s) => s.mode);
  const setMode = useStudioStore((s) => s.setMode);
  const work = useSubmitWork();

  useEffect(() => {
    reset({
      // The avatar panel has no material-library tab yet: ?source=3 opens the public avatars instead.
      avatarTab: entry.avatarTab === '3' ? '1' : (entry.avatarTab ?? '1'),
      orientation: entry.orientation,
      text: entry.handover ? readHandoverText() : '',
      mode: entry.materialAudioId ? 2 : 1,
    });
  }, [entry, reset]);
  useAvatarFromQuery(entry.avatarId);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xxl={6}>
        <Card size="small" title={t.avatarSection}>
          <AvatarPanel />
        </Card>
      </Col>
      <Col xs={24} lg={6} xxl={6}>
        <AvatarPreview />
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
                  <VoicePanel />
                </div>
                <ScriptEditor />
                <SpeechSettings />
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
        open={work.choosing}
        seconds={work.seconds}
        submitting={work.submitting}
        onChoose={work.choose}
        onClose={work.closeChannels}
      />
    </Row>
  );
}
