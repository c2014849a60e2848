import { Button, Card, Flex, Segmented, Typography } from 'antd';
import type { ReactNode } from 'react';
import { studioText as t } from '../messages';
import { useStudioStore, type DriveMode } from '../stores/studio-store';
import { AudioInput } from './AudioInput';
import { ScriptEditor } from './ScriptEditor';
import { SpeechSettings } from './SpeechSettings';
import { StudioVoicePicker } from './StudioVoicePicker';
import { WorkName } from './WorkName';

/**
 * The studio's right-hand card: the work's name, text or audio drive (voice, script, speech settings,
 * or the uploaded audio), the estimate and the synthesize button. `tuning` adds a panel under the
 * speech settings in text mode.
 */
export function DriveCard({
  seconds,
  onSynthesize,
  tuning,
}: {
  seconds: number;
  onSynthesize: () => void;
  tuning?: ReactNode;
}) {
  const mode = useStudioStore((s) => s.mode);
  const setMode = useStudioStore((s) => s.setMode);
  return (
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
            {tuning}
          </>
        ) : (
          <AudioInput />
        )}
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{seconds > 0 ? t.estimate(Math.ceil(seconds)) : ''}</Typography.Text>
          <Button type="primary" size="large" onClick={onSynthesize}>
            {t.synthesize}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
