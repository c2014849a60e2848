import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { photoLibraryMessages, studioMessages } from '@app/contract';
import type { ChannelChoice } from '../components/ChannelDialog';
import { feedback } from '../../../lib/feedback';
import { useDebounced, useThrottled } from '../../../lib/rate-limit';
import { useCreateWork } from '../api/create-work';
import { estimateSeconds } from '../../../components/script-box';
import { studioText as t } from '../messages';
import { useStudioStore } from '../stores/studio-store';
import { CREATE_DEBOUNCE_MS, CREATE_THROTTLE_MS, missingDrive, workRequest } from './use-submit-work';

/** The works tab of each picture type: type2=1 pet videos, type2=2 photo-speak (spec 001 §2). */
export const worksTabOf = (type: 1 | 2) => `/works?type1=0&type2=${type === 2 ? 1 : 2}`;

/**
 * Synthesize → channel dialog (photo channels) → create with photo_id → points refresh. In audio mode the
 * user goes straight to the works tab of the picture's type; in text mode after the confirmation.
 */
export function useSubmitPhotoWork(photo: { id: number } | null, type: 1 | 2) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateWork();
  const [choosing, setChoosing] = useState(false);
  const seconds = useStudioStore((s) => (s.mode === 2 ? (s.audio?.duration ?? 0) : estimateSeconds(s.text)));

  const openChannels = () => {
    const missing = photo
      ? missingDrive(useStudioStore.getState())
      : type === 2
        ? photoLibraryMessages.petRequired
        : photoLibraryMessages.personRequired;
    if (missing) feedback.warning(missing);
    else setChoosing(true);
  };
  const press = useDebounced(useThrottled(openChannels, CREATE_THROTTLE_MS), CREATE_DEBOUNCE_MS);

  const submit = async (channel: ChannelChoice) => {
    const current = useStudioStore.getState();
    if (!photo) return;
    try {
      await create.mutateAsync({
        ...workRequest(current, channel),
        video_id: undefined,
        material_video_id: undefined,
        photo_id: photo.id,
      });
    } catch {
      current.clearAfterFailure();
      return;
    }
    setChoosing(false);
    if (current.mode === 2) {
      feedback.success(studioMessages.submitTitle);
      void navigate(worksTabOf(type));
      return;
    }
    modal.success({
      title: studioMessages.submitTitle,
      content: studioMessages.submitDone,
      okText: t.toWorks,
      onOk: () => void navigate(worksTabOf(type)),
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
