import { CHAT_CREDITS } from '@app/contract';

/** Labels of the chat assistant page (spec messages live in the contract's chatMessages). */
export const chatLabels = {
  title: 'AI对话',
  intro: (credits = CHAT_CREDITS) => `与 AI 助手对话，获取文案与创作灵感；每次问答消耗 ${credits} 积分`,
  history: '历史对话',
  newChat: '新对话',
  noHistory: '暂无历史对话',
  collapse: '收起历史',
  expand: '展开历史',
  deleteConfirm: '确定删除该对话吗？删除后无法恢复',
  placeholder: '输入您的问题，Enter 发送，Shift+Enter 换行',
  deepThink: '深度思考(R1)',
  send: '发送',
  stop: '停止',
  copy: '复制',
  goCreate: '去创作',
  saveMaterial: '保存到素材',
  reasoning: '深度思考过程',
  thinking: '思考中…',
  waiting: '正在连接…',
  stopped: '（已停止）',
  failed: '回答失败，本次积分已退回',
  welcome: '你好！我是 AI 创作助手',
  welcomeHint: '可以问我短视频文案、营销标题、直播话术，或任何日常问题。',
  suggestions: ['写一段夏季防晒霜的口播文案', '给我的奶茶店想 5 个短视频选题', '用三句话介绍数字人视频的优势'],
  copied: '复制成功!',
  copyFailed: '复制失败，请手动复制',
  costHint: (credits = CHAT_CREDITS) => `${credits} 积分/次`,
  /** The launcher's tile. */
  tile: { name: 'AI对话', desc: '与 AI 助手对话，获取创作灵感' },
} as const;

/** Session-storage key of the open conversation's id (spec 001 §3); a new conversation clears it. */
export const CHAT_CID_KEY = 'chat_cid';
/** The typewriter shows about one character per this many milliseconds (spec 001 §9). */
export const TYPEWRITER_MS = 30;
