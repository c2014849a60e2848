import { auditActions, type AuditRow } from '@app/contract';
import { siteFieldLabels } from './messages';

/** What each kind of target is called, by the prefix of its audit key (`user:12`, `channel:video:local`). */
const targetKinds: Record<string, string> = {
  user: '用户',
  notice: '公告',
  channel: '渠道',
  engine: '引擎',
  job: '任务',
  library: '公共素材',
  curation: '运营内容',
  cdkeys: '兑换码批次',
  cdkey: '兑换码',
  workflow: '工作流模板',
  text: '页面',
  site: '站点',
};

/** The words for the fields the console's actions record before and after. */
const fieldLabels: Record<string, string> = {
  ...siteFieldLabels,
  credits: '积分',
  change: '变动',
  reason: '原因',
  days: '有效天数',
  vip_expire: 'VIP 到期',
  name: '名称',
  title: '标题',
  content: '内容',
  desc: '描述',
  version_name: '版本',
  free_times: '免费次数',
  sort: '排序',
  enabled: '启用',
  hidden: '隐藏',
  shown: '显示',
  cover: '封面',
  state: '状态',
  status: '状态',
  error: '错误',
  sessions: '登录',
  role: '角色',
  action: '操作',
  on: '开启',
  count: '数量',
  batch: '批次',
  vip_days: 'VIP 天数',
  expire_days: '兑换有效天数',
  published: '已发布',
  api: '标识',
  disabled: '停用',
  group_id: '分组',
  is_multi: '多图',
  image: '图片',
  image_tail: '尾帧图片',
};
/** Bookkeeping a sentence does not need (the row has its own time and target). */
const skipped = new Set(['id', 'create_time', 'update_time', 'created_at', 'updated_at']);
const yesNo = new Set(['enabled', 'hidden', 'shown', 'on', 'published', 'disabled', 'is_multi']);
const words: Record<string, string> = { revoked: '已全部退出', retry: '重试中', failed: '失败', completed: '完成' };

function value(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '空';
  if (yesNo.has(key) && (typeof v === 'boolean' || v === 0 || v === 1)) return v ? '是' : '否';
  if (key === 'change' && typeof v === 'number') return v > 0 ? `+${v}` : String(v);
  if (typeof v === 'string') {
    const plain = v.replace(/<[^>]*>/g, '').trim();
    return words[plain] ?? (plain.length > 40 ? `${plain.slice(0, 40)}…` : plain || '空');
  }
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const text = JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** `user:12` → 用户 #12; `channel:video:local` → 渠道 video/local; `site` → 站点. */
export function targetText(target: string): string {
  const [kind = '', ...rest] = target.split(':');
  const label = targetKinds[kind];
  if (!label) return target;
  if (!rest.length) return label;
  const id = rest.join('/');
  return /^\d+$/.test(id) ? `${label} #${id}` : `${label} ${id}`;
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The fields an action changed: "积分 100 → 200", or the value it set ("原因 补偿") when there was none before. */
export function changesText(before: unknown, after: unknown): string {
  const b = asRecord(before);
  const a = asRecord(after);
  const parts: string[] = [];
  for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !skipped.has(k))) {
    const label = fieldLabels[key] ?? key;
    const inBefore = key in b;
    const inAfter = key in a;
    if (inBefore && inAfter) {
      if (JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
      parts.push(`${label} ${value(key, b[key])} → ${value(key, a[key])}`);
    } else {
      parts.push(`${label} ${value(key, inAfter ? a[key] : b[key])}`);
    }
  }
  return parts.join('，');
}

/** One audit row as a sentence: who did what to which, and what changed. */
export function auditSentence(row: Pick<AuditRow, 'actor' | 'action' | 'target' | 'before' | 'after'>): string {
  const action = auditActions[row.action as keyof typeof auditActions] ?? row.action;
  const changes = changesText(row.before, row.after);
  return `${row.actor} ${action}：${targetText(row.target)}${changes ? `，${changes}` : ''}`;
}
