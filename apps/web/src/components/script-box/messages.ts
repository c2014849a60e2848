import { commonLabels } from '../../lib/messages';

/** Labels of the script box's pause buttons and the speech sliders, shared by the studio and the composer. */
export const scriptBoxText = {
  pause: '插入停顿',
  pauseOption: (s: number) => `${s}秒`,
  rate: commonLabels.rate,
  volume: commonLabels.volume,
  pitch: commonLabels.pitch,
  audition: commonLabels.listen,
  auditioning: '合成中…',
  stopAudition: '停止试听',
} as const;
