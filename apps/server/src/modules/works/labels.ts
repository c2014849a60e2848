import { workStatusNames } from '@app/contract';
import { avatarMessages } from '../../engines/avatar/index.js';

/** Words of the works feature that are data rather than messages (credit log action, status names, channel seeds). */
export const WORK_CREDIT_ACTION = '数字人视频合成';

export const WORK_STATUS = { queued: 1, rendering: 2, done: 3, failed: 4 } as const;

export const WORK_STATUS_NAMES: Record<number, string> = {
  1: workStatusNames.queued,
  2: workStatusNames.rendering,
  3: workStatusNames.done,
  4: workStatusNames.failed,
};

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
] as const;
