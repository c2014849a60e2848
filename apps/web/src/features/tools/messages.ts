import { commonLabels } from '../../lib/messages';

/** Labels of the tool launcher and the extraction pages (spec messages live in the contract's analyseMessages). */
export const toolsLabels = {
  navLabel: '创作合集',
  storeTitle: '创作合集',
  storeSubtitle: '爆款文案、AI 图片视频、文件提取、音频处理，一站式创作工具',
  comingSoon: '敬请期待',
  groups: {
    copy: '爆款文案',
    aiMedia: 'AI图片/视频',
    extract: '提取文件',
    audio: '音频处理',
  },
  tiles: {
    extraction: { name: '视频提取', desc: '粘贴分享链接，提取无水印视频' },
    audioExtraction: { name: '音频提取', desc: '从视频链接或本地视频中提取音频' },
  },

  extractionTitle: '视频提取',
  extractionIntro: '粘贴抖音、快手、B站等平台的分享链接或整段分享文字，即可提取无水印视频',
  audioTitle: '音频提取',
  audioIntro: '从在线视频链接或本地视频中提取音频（M4A）',
  linkPlaceholder: '请粘贴视频分享链接，例如：复制打开抖音，看看【…】 https://v.douyin.com/xxxx/',
  linkLabel: '视频分享链接',
  parse: '解析视频',
  extract: '提取音频',
  fromLink: '在线链接',
  fromUpload: '本地视频',
  uploadHint: '支持 MP4/MOV，500MB 以内',
  freeLeft: (n: number, perDay: number) => `今日免费次数剩余 ${n}/${perDay} 次`,
  price: (credits: number) => `免费次数用完后每次消耗 ${credits} 积分`,
  tabs: { all: '全部', processing: '处理中', failed: '失败' },
  records: '提取记录',
  empty: '暂无提取记录',
  download: commonLabels.download,
  save: '保存到素材库',
  delete: commonLabels.delete,
  deleteTitle: '删除记录',
  play: commonLabels.play,
  size: (bytes: number) =>
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`,
  duration: (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`,
  fromUploadTag: '本地视频',
  noDesc: '未命名',
} as const;
