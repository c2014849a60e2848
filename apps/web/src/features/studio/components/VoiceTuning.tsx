import { Button, Flex, Tooltip } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editVoice, voiceMessages } from '@app/contract';
import { refreshVoices } from '../../../entities/voices';
import { call } from '../../../lib/api';
import { feedback } from '../../../lib/feedback';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** Speed, volume and pitch everyone starts from, and what 恢复默认 sends (spec 001 §7). */
const DEFAULTS = { rate: 1, volume: 1, pitch: 1 } as const;

/**
 * The voice tuning panel's buttons under the sliders: 确认修改 keeps the sliders on the chosen voice
 * (POST /api/user/voiceEdit), 恢复默认 puts them back to 1 and, for an own voice, saves that too.
 */
export function VoiceTuning() {
  const queryClient = useQueryClient();
  const voice = useStudioStore((s) => s.voice);
  const speech = useStudioStore((s) => s.speech);
  const setSpeech = useStudioStore((s) => s.setSpeech);
  const own = voice?.source === 1;
  const save = useMutation({
    mutationFn: (p: { rate: number; volume: number; pitch: number }) =>
      call(editVoice, { voice_id: voice?.id ?? 0, ...p }, { success: voiceMessages.edited }),
    onSuccess: () => refreshVoices(queryClient),
  });
  const confirm = () => {
    if (!voice) return feedback.warning(t.tuningNeedsVoice);
    void save.mutateAsync({ rate: speech.rate, volume: speech.volume, pitch: speech.pitch }).catch(() => undefined);
  };
  const restore = () => {
    setSpeech(DEFAULTS);
    if (voice && own) void save.mutateAsync(DEFAULTS).catch(() => undefined);
  };
  return (
    <Flex gap={8} justify="flex-end">
      <Button size="small" onClick={restore}>
        {t.restoreDefaults}
      </Button>
      <Tooltip title={own ? '' : t.tuningOwnOnly}>
        <Button size="small" type="primary" ghost disabled={!own} loading={save.isPending} onClick={confirm}>
          {t.confirmChange}
        </Button>
      </Tooltip>
    </Flex>
  );
}
