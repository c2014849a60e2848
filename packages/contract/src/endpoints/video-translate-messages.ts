/** Messages of video translation (/store/sea); the first five are spec 001's words exactly. */
export const videoTranslateMessages = {
  fileRule: '请上传500MB以内的MP4/MOV格式的视频',
  fileRequired: '请上传视频！',
  sourceRequired: '请选择初始化语言！',
  targetRequired: '请选择翻译后的语言！',
  submitted: '视频翻译成功，您可以在视频创作页面查看',
  modeRequired: '请选择翻译模式',
  sameLanguage: '初始语言与翻译后的语言不能相同',
  sourceUnsupported: '当前语音识别服务不支持该初始语言',
  targetUnsupported: '暂不支持翻译成该语言',
  notConfigured: '语音识别服务未配置，请联系管理员',
  textModelMissing: '文本模型未配置，视频翻译暂不可用，请联系管理员',
  modeUnavailable: '该翻译模式暂未开放',
  videoNoAudio: '视频没有声音，无法翻译',
  tooLong: '视频时长需在5秒到30分钟之间',
  recordMissing: '翻译记录不存在',
  notFinished: '翻译进行中，完成后才能删除',
  deleted: '删除成功',
  noSpeech: '视频中没有识别到说话内容',
  failed: '视频翻译失败，请稍后重试',
  creditAction: '视频翻译',
  /** The offline dubbing voice is an approximation, and says so. */
  offlineVoiceNote: '配音使用离线语音引擎按原声音色近似合成，并非原声克隆',
  offlinePresetNote: '原视频清晰人声不足10秒，配音使用离线语音引擎的默认音色，并非原声克隆',
  clonedVoiceNote: (engine: string) => `配音由${engine}克隆原声音色合成`,
  lipsyncNote: (engine: string) => `口型由${engine}驱动`,
  /** Who lip-synced, by TRANSLATE_LIPSYNC_ENGINE's choice. */
  lipsyncEngineNames: { local: '离线口型引擎', duix: 'Duix.Avatar 数字人服务', chanjing: '蝉镜对口型' },
  lipsyncUnavailable: '口型翻译所用的口型引擎未配置，请选择声音翻译或联系管理员',
  slowedNote: (spans: number, seconds: number) =>
    `为完整保留配音，视频有${spans}处略微放慢，成片比原视频长${seconds.toFixed(1)}秒`,
  notEnoughCredits: (need: number, have: number) => `积分不足，本次翻译需要${need}积分，当前余额${have}积分`,
} as const;

export const VIDEO_TRANSLATE_STEP_NAMES = {
  queued: '排队中',
  audio: '提取音频',
  transcribe: '语音识别',
  translate: '翻译文本',
  dub: '配音合成',
  align: '时间对齐',
  lipsync: '口型同步',
  mix: '混音合成',
  done: '已完成',
  failed: '失败',
} as const;
