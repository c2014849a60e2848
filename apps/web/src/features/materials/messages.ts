import { commonLabels } from '../../lib/messages';

/** Labels of the materials page (spec messages live in the contract's filesMessages). */
export const materialsLabels = {
  title: '我的素材',
  count: (n: number) => `共 ${n} 个素材`,
  tabs: { image: '图片', video: commonLabels.video, audio: '音频' },
  upload: '上传素材',
  uploadTitle: { image: '上传图片', video: commonLabels.uploadVideo, audio: '上传音频' },
  uploadHint: {
    image: '支持 PNG/JPG，10MB 以内，宽高不小于 300 像素',
    video: '支持 MP4/MOV，500MB 以内，时长 5 秒至 30 分钟',
    audio: '支持 MP3/M4A/WAV，350MB 以内，时长 5 秒至 30 分钟',
  },
  preview: '预览',
  rename: commonLabels.rename,
  renameTitle: commonLabels.renameTitle,
  namePlaceholder: commonLabels.namePlaceholder,
  download: commonLabels.download,
  delete: commonLabels.delete,
  deleteTitle: '删除素材',
  extracted: '提取',
  uploaded: '上传',
} as const;
