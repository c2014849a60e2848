import { commonMessages } from '../common-messages.js';

/**
 * Every Chinese message of uploads, file registration and the materials library, kept once so the
 * server (refusals) and the web app (client-side checks, toasts) say the same words.
 */
const mediaWord = { video: '视频', voice: '音频' } as const;

export const filesMessages = {
  // Upload outcome (spec 000 §8, 001 §8)
  uploaded: '上传成功',
  uploadFailed: '上传失败，请重新上传',
  oneFileAtATime: '一次只能上传一个文件',

  // Per-type rules (spec 000 §5, 001 §5)
  videoRule: commonMessages.videoFormat,
  audioRule: commonMessages.audioFormat,
  audioTooLarge: '请上传20MB以内的音频',
  imageRule: '请上传PNG/JPG格式的图片',
  imageTooLarge: '上传头像图片大小不能超过 10MB!',
  imageTooSmall: '图片尺寸不能小于300像素',
  imageTooBig: '图片尺寸过大，宽高不能超过8192像素',
  sitePictureSize: '站点图片宽高需在16到4096像素之间',
  sitePictureTooLarge: '站点图片大小不能超过5MB',
  sitePictureOperatorsOnly: '只有管理员可以上传站点图片',
  /** Outside the type's length range (UPLOAD_RULES): which end it missed, with the limit. */
  tooShort: (type: 'video' | 'voice', seconds: number) => commonMessages.mediaTooShort(mediaWord[type], seconds),
  tooLong: (type: 'video' | 'voice', seconds: number) => commonMessages.mediaTooLong(mediaWord[type], seconds),
  /** Past the type's size ceiling (UPLOAD_RULES), with the ceiling. */
  tooLarge: (type: 'video' | 'voice', bytes: number) =>
    commonMessages.mediaTooLarge(mediaWord[type], Math.floor(bytes / 1024 / 1024)),
  /** A recording post that carries no file. */
  audioMissing: '请上传音频',
  videoWithoutPicture: '视频中没有画面，请重新上传',
  videoTooBig: '视频分辨率过大，宽高不能超过8192像素',
  emptyFile: '文件为空，请重新上传',
  damagedFile: '文件已损坏或不完整，请重新上传',

  // Registration (complete)
  fileMissing: '文件不存在，请重新上传',
  alreadyRegistered: '该文件已登记，请勿重复提交',
  storageFull: '存储空间不足，请扩容或删除不需要的文件',
  /** A browser post refused while the account has too many posted files it never registered. */
  tooManyUnregistered: '已上传但未提交的文件过多，请先完成提交或稍后再试',

  // Materials library (spec 001 §8, 000 §8)
  saved: '保存成功',
  savedForProcessing: '保存成功，系统处理完会在素材库中显示',
  renamed: commonMessages.renamed,
  deleted: commonMessages.deleted,
  deleteCancelled: commonMessages.deleteCancelled,
  confirmDelete: '删除后将无法恢复，确定要永久删除该素材吗？',
  nameRequired: commonMessages.renameRequired,
  materialMissing: '素材不存在',
  recordMissing: '记录不存在或尚未处理完成',
  saveNeedsFile: '请先上传文件',
  empty: '暂无素材',

  // Downloads (spec 001 §8)
  downloaded: commonMessages.downloadDone,
  downloadFailed: commonMessages.downloadFailed,
} as const;
