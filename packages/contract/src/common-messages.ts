import { agreementTitles } from './endpoints/site-messages.js';

type MediaWord = '音频' | '视频';

/** 5 → 5秒, 1800 → 30分钟. */
const lengthInWords = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60}分钟` : `${seconds}秒`);

/**
 * Words that several features say alike (a rename, a delete, an upload rule), kept once so that every
 * feature's messages, on the server and in the web app, point here instead of repeating them.
 */
export const commonMessages = {
  deleted: '删除成功',
  deleteCancelled: '已取消删除',
  cancelled: '已取消',
  renamed: '名称修改成功！',
  renameRequired: '请填写名称后保存',
  cloneStarted: '克隆成功',
  downloadDone: '下载成功！',
  downloadFailed: '下载失败！',
  videoFormat: '请上传500M以内的MP4/MOV格式的视频',
  audioFormat: '请上传MP3/M4A/WAV格式的音频',
  audioDuration: '音频时长需在5秒到30分钟之间',
  /** A recording or a video outside its length range says which end it missed (never the format message). */
  mediaTooShort: (what: MediaWord, seconds: number) => `${what}时长不能少于${lengthInWords(seconds)}`,
  mediaTooLong: (what: MediaWord, seconds: number) => `${what}时长不能超过${lengthInWords(seconds)}`,
  /** A file past its size ceiling says the ceiling. */
  mediaTooLarge: (what: MediaWord, megabytes: number) => `${what}文件不能超过${megabytes}MB`,
  cloneAgreementRequired: `请阅读并同意《${agreementTitles.clone}》`,
  cloneAgreementLink: `《${agreementTitles.clone}》`,
  serviceUnavailable: '服务暂时不可用，请稍后重试',
  /** A tool whose engine the operator has not configured: the user's words, shown before any click and on a refusal. */
  toolUnavailable: '管理员尚未开通此功能',
  /** The badge of such a tool's tile, menu entry and page. */
  toolUnavailableBadge: '未开通',
  /** Why a job ended when its worker died on it again and again: the reason a failed work shows. */
  jobCutOff: '生成过程多次中断，已停止并退回积分',
  /** A video below the frame-rate floor (avatar, work material, translation source): refused before any work. */
  mediaFpsTooLow: (fps: number) => `视频帧率过低（每秒至少${fps}帧），请重新录制后上传`,
  /** Resolution × frames × duration of a video pass what one job may process. */
  mediaTooCostly: '视频分辨率过高或时长过长，超出处理上限，请上传更短或分辨率更低的视频',
  /** The video a work would render (its avatar or photo for as long as it speaks) passes the same ceiling. */
  renderTooCostly: '生成的视频分辨率过高或时长过长，超出处理上限，请缩短音频或文案，或换用分辨率更低的形象或照片',
} as const;
