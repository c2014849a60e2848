import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { avatarSecondsRefusal, studioMessages, type VideoChannel } from '@app/contract';
import type { ChannelChoice } from '../components/ChannelDialog';
import { feedback } from '../../../lib/feedback';
import { useThrottled, useDebounced } from '../../../lib/rate-limit';
import { useCreateWork, type WorkRequest } from '../api/create-work';
import { finishMissing, finishRequest } from '../../../components/backdrop';
import { captionRequest } from '../../../components/captions';
import { estimateSeconds } from '../../../components/script-box';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';

/** Create button: debounced 500 ms, and at most one press a second (spec 001 §9). */
export const CREATE_DEBOUNCE_MS = 500;
export const CREATE_THROTTLE_MS = 1000;
/** Draft names of the studio's script and work name (lib/use-draft). */
export const STUDIO_SCRIPT_DRAFT = 'studio-script';
export const STUDIO_NAME_DRAFT = 'studio-name';

/** What is missing before a channel can be chosen, in the spec's words; null when ready. */
export function missingInput(s: ReturnType<typeof useStudioStore.getState>): string | null {
  if (!s.avatar) return studioMessages.avatarRequired;
  return missingDrive(s) ?? finishMissing();
}

/** What the script or audio still lacks (text: script and voice; audio: the file), in the spec's words. */
export function missingDrive(s: ReturnType<typeof useStudioStore.getState>): string | null {
  if (s.mode === 1) {
    if (!s.text.trim()) return studioMessages.scriptRequired;
    if (!s.voice) return studioMessages.voiceRequired;
  } else if (!s.audio) return studioMessages.audioFileRequired;
  return null;
}

/** The create call for the studio's current state and a channel. */
export function workRequest(
  s: ReturnType<typeof useStudioStore.getState>,
  channel: Pick<VideoChannel, 'api' | 'name'>,
): WorkRequest {
  const avatar = s.avatar;
  const base: WorkRequest = {
    name: s.workName,
    api: channel.api,
    video_channel_name: channel.name,
    video_id: avatar?.kind === 'avatar' ? avatar.id : undefined,
    material_video_id: avatar?.kind === 'material' ? avatar.id : undefined,
    ...captionRequest(),
    ...finishRequest(),
  };
  if (s.mode === 2) return { ...base, material_audio_id: s.audio?.fileId };
  return {
    ...base,
    text: s.text,
    voice_id: s.voice?.id,
    language: s.speech.language || undefined,
    emotion: s.speech.emotion,
    rate: s.speech.rate,
    volume: s.speech.volume,
    pitch: s.speech.pitch,
  };
}

/** Synthesize button → channel dialog → create → points refresh → 提交成功 → /works. */
export function useSubmitWork() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateWork();
  const [choosing, setChoosing] = useState(false);
  const seconds = useStudioStore((s) => (s.mode === 2 ? (s.audio?.duration ?? 0) : estimateSeconds(s.text)));

  const openChannels = () => {
    const missing = missingInput(useStudioStore.getState());
    if (missing) feedback.warning(missing);
    else setChoosing(true);
  };
  const throttled = useThrottled(openChannels, CREATE_THROTTLE_MS);
  const press = useDebounced(throttled, CREATE_DEBOUNCE_MS);

  const submit = async (channel: ChannelChoice) => {
    const current = useStudioStore.getState();
    // The channel's own rule on the avatar video's length (spec 001: gj 30–300 s), from the channel list.
    const refusal =
      current.avatar?.kind === 'avatar'
        ? avatarSecondsRefusal(channel.avatar_seconds ?? null, current.avatar.duration)
        : null;
    if (refusal) {
      feedback.warning(refusal);
      return;
    }
    try {
      await create.mutateAsync(workRequest(current, channel));
    } catch {
      current.clearAfterFailure();
      return;
    }
    setChoosing(false);
    // The work is queued: the script and name are no longer unsent, so their drafts go with them.
    useStudioStore.setState({ text: '', synthesized: null, workName: studioMessages.defaultWorkName });
    modal.success({
      title: studioMessages.submitTitle,
      content: studioMessages.submitDone,
      okText: t.toWorks,
      onOk: () => void navigate('/works'),
    });
  };

  return {
    seconds,
    press,
    choosing,
    closeChannels: () => setChoosing(false),
    submitting: create.isPending,
    choose: (channel: ChannelChoice) => void submit(channel),
  };
}
