import { avatarMessages } from '../../engines/avatar/index.js';

/** Words of the talking video that are data rather than messages (credit log action, channel seeds). */
export const WORK_CREDIT_ACTION = '数字人视频合成';

/** The `kind` of a talking-video work in the gallery. */
export const TALKING_KIND = 'talking';

/** Video channels written at first start; operators change names and prices in the table afterwards. */
export const VIDEO_CHANNEL_SEEDS = [
  {
    api: 'local',
    name: avatarMessages.localChannelName,
    desc: avatarMessages.localChannelDesc,
    versionName: '1.0',
    credits: 1,
    sort: 0,
  },
  {
    api: 'ou',
    name: '数字人 3.0（深度）',
    desc: '口型随声音驱动，画面细节最佳',
    versionName: '3.0',
    credits: 3,
    sort: 1,
  },
  {
    api: 'df',
    name: '数字人 2.0（极速）',
    desc: '口型随声音驱动，生成速度更快',
    versionName: '2.0',
    credits: 2,
    sort: 2,
  },
  {
    api: 'gj',
    name: '高级定制',
    desc: '定制数字人通道，数字分身视频需为30秒-300秒',
    versionName: '3.0',
    credits: 5,
    sort: 3,
  },
  { api: 'fy', name: '多语种口型', desc: '适合多语种台词的口型驱动', versionName: '2.0', credits: 3, sort: 4 },
  {
    api: 'lipsync',
    name: avatarMessages.lipsyncChannelName,
    desc: avatarMessages.lipsyncChannelDesc,
    versionName: '2.0',
    credits: 1,
    sort: 5,
  },
] as const;
