import { studioWorkMessages } from './works-messages.js';

/** Spec 001 §2/§9: points mode, 15 points per second of scene video (kept here, beside the words, free of schemas). */
export const MULTI_CREDITS_PER_SECOND = 15;

/** Every Chinese message of the multi-scene composer (spec 001 §2, §5). */
export const multiSceneMessages = {
  defaultWorkName: studioWorkMessages.defaultWorkName,
  textRequired: '请填写文本内容',
  audioRequired: '请上传音频',
  allScenesVoice: '请选择一个您的音频，覆盖全部场景!',
  contentInvalid: '场景内容格式不正确',
  scenesRequired: '请至少添加一个场景',
  tooManyScenes: (max: number) => `场景数量不能超过${max}个`,
  scriptTotalTooLong: (max: number) => `全部场景的文本合计不能超过${max}字`,
  submitTitle: studioWorkMessages.submitTitle,
  submitDone: '多场景作品需要一些时间，您可以在多场景作品页面查看最新状态',
  estimateNote: '预估时长与实际生成时长存在差异，积分按最终生成的实际时长扣除',
  sceneFailed: (n: number, reason: string) => `场景${n}生成失败：${reason}`,
  joinFailed: '多场景合成失败，请重新生成',
  creditAction: '多场景作品',
  audioChannelName: '多场景音频',
  sceneEntryName: (work: string, n: number) => `${work}·场景${n}`,
  modelName: 'V3.0',
  pointsMode: '积分模式',
  serial: '顺序驱动',
  random: '随机驱动',
  outputVideo: '驱动视频',
  outputAudio: '仅音频',
  addTextScene: '添加文本场景',
  addAudioScene: '添加音频场景',
} as const;
