/** Labels of the voice picker and public voice list. */
export const voicePickerMessages = {
  mine: '我的声音',
  public: '公共声音',
  material: '素材库',
  empty: '暂无声音',
  emptyMaterial: '素材库暂无音频',
  materialAudio: '素材音频',
  play: '试听',
  pause: '暂停',
  cloning: '克隆中',
  failed: '克隆失败',
  selected: '已选择',
} as const;
