/** The captions panel's words. */
export const captionsText = {
  title: '字幕',
  toggle: '添加字幕',
  on: '开',
  off: '关',
  preset: '字幕样式',
  font: '字体',
  color: '颜色',
  size: '字号',
  lineChars: '每行字数',
  auto: '自动',
  chars: (n: number) => `${n} 字`,
  look: '描边或底框',
  position: '位置',
  sample: '这是字幕预览效果',
  /** Audio-driven works without a speech recogniser. */
  audioUnavailable: '音频驱动的作品需要语音识别服务来生成字幕，管理员尚未开通',
} as const;
