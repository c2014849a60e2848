import { commonLabels } from '../../lib/messages';

/** Labels of the voice picker and public voice list. */
export const voicePickerMessages = {
  mine: commonLabels.myVoices,
  public: commonLabels.publicVoices,
  material: commonLabels.materialLibrary,
  empty: commonLabels.noVoices,
  emptyMaterial: '素材库暂无音频',
  materialAudio: '素材音频',
  play: commonLabels.listen,
  pause: commonLabels.pause,
  cloning: commonLabels.cloning,
  failed: commonLabels.cloneFailed,
  selected: commonLabels.chosen,
} as const;
