import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, oneOf, optionalText, text } from '../fields.js';
import { strictParams } from './site.js';

/**
 * The engines an operator can plug in from the console: each field is the environment variable the
 * engine reads. A variable set in the server's environment wins over the console's value.
 */
export type EngineFieldKind = 'url' | 'text' | 'number';
export interface EngineField {
  key: string;
  label: string;
  kind: EngineFieldKind;
  /** Stored encrypted, shown masked (last 4 characters), only ever written, never read back in clear. */
  secret?: true;
}
export interface EngineSpec {
  id: string;
  label: string;
  desc: string;
  fields: readonly EngineField[];
}

const url = (key: string, label = '接口地址'): EngineField => ({ key, label, kind: 'url' });
const secret = (key: string, label = 'API Key'): EngineField => ({ key, label, kind: 'text', secret: true });
const plain = (key: string, label: string): EngineField => ({ key, label, kind: 'text' });

export const ENGINE_SPECS = [
  {
    id: 'text',
    label: '文本模型',
    desc: 'AI 写作、脚本改写与提取用的 OpenAI 兼容文本模型（如 DeepSeek）',
    fields: [url('TEXT_MODEL_URL'), secret('TEXT_MODEL_KEY'), plain('TEXT_MODEL_NAME', '模型名')],
  },
  {
    id: 'chat',
    label: 'AI 对话',
    desc: 'AI 对话的流式模型；不填地址时沿用文本模型的地址与密钥',
    fields: [
      url('CHAT_MODEL_URL'),
      secret('CHAT_MODEL_KEY'),
      plain('CHAT_MODEL_V3', 'V3 模型名'),
      plain('CHAT_MODEL_R1', 'R1 模型名'),
    ],
  },
  {
    id: 'kling',
    label: '可灵',
    desc: 'AI 图片、AI 视频生成与照片说话',
    fields: [
      url('KLING_BASE_URL'),
      secret('KLING_ACCESS_KEY', 'Access Key'),
      secret('KLING_SECRET_KEY', 'Secret Key'),
      plain('KLING_IMAGE_MODEL', '图片模型'),
      plain('KLING_VIDEO_MODEL', '视频模型'),
    ],
  },
  {
    id: 'openai-image',
    label: 'OpenAI 兼容图片',
    desc: 'AI 图片：OpenAI Images 接口或兼容服务',
    fields: [url('OPENAI_IMAGE_BASE_URL'), secret('OPENAI_IMAGE_API_KEY'), plain('OPENAI_IMAGE_MODEL', '模型名')],
  },
  {
    id: 'comfyui',
    label: 'ComfyUI',
    desc: '自建 ComfyUI 服务：AI 图片与 AI 视频',
    fields: [url('COMFYUI_BASE_URL')],
  },
  {
    id: 'did',
    label: 'D-ID',
    desc: '照片说话',
    fields: [url('DID_BASE_URL'), secret('DID_API_KEY')],
  },
  {
    id: 'duix',
    label: '硅基 Duix',
    desc: '数字人视频（自建 Duix 服务）',
    fields: [url('DUIX_BASE_URL')],
  },
  {
    id: 'chanjing',
    label: '蝉镜',
    desc: '数字人视频',
    fields: [url('CHANJING_BASE_URL'), plain('CHANJING_APP_ID', 'App ID'), secret('CHANJING_SECRET_KEY', 'Secret Key')],
  },
  {
    id: 'fish',
    label: 'Fish Audio',
    desc: '声音克隆与配音',
    fields: [url('SPEECH_FISH_URL'), secret('SPEECH_FISH_KEY'), plain('SPEECH_FISH_MODEL', '模型名')],
  },
  {
    id: 'minimax',
    label: 'MiniMax 语音',
    desc: '声音克隆与配音',
    fields: [
      url('SPEECH_MINIMAX_URL'),
      secret('SPEECH_MINIMAX_KEY'),
      plain('SPEECH_MINIMAX_GROUP_ID', 'Group ID'),
      plain('SPEECH_MINIMAX_MODEL', '模型名'),
    ],
  },
  {
    id: 'volcengine',
    label: '火山引擎语音',
    desc: '声音克隆与配音',
    fields: [
      url('SPEECH_VOLC_URL'),
      plain('SPEECH_VOLC_APPID', 'App ID'),
      secret('SPEECH_VOLC_TOKEN', 'Access Token'),
      plain('SPEECH_VOLC_CLUSTER', '集群'),
    ],
  },
  {
    id: 'cosyvoice',
    label: 'CosyVoice',
    desc: '自建声音克隆服务',
    fields: [url('SPEECH_COSYVOICE_URL')],
  },
  {
    id: 'transcription',
    label: '语音识别',
    desc: '视频翻译与爆款复刻的语音转文字；识别引擎填 openai（OpenAI 兼容 Whisper 服务）或 volcengine（火山引擎录音文件识别），none 为关闭',
    fields: [
      plain('TRANSCRIPTION_ENGINE', '识别引擎'),
      url('TRANSCRIPTION_OPENAI_URL', 'OpenAI 兼容接口地址'),
      secret('TRANSCRIPTION_OPENAI_KEY'),
      plain('TRANSCRIPTION_OPENAI_MODEL', '模型名'),
      plain('TRANSCRIPTION_VOLC_APPID', '火山 App ID'),
      secret('TRANSCRIPTION_VOLC_TOKEN', '火山 Access Token'),
    ],
  },
  {
    id: 'lip-sync',
    label: '口型翻译',
    desc: '视频翻译“口型翻译”模式的口型引擎：local（本机离线口型，默认）、duix（用上面 Duix 的地址）或 chanjing（蝉镜对口型，用上面蝉镜的密钥）',
    fields: [plain('TRANSLATE_LIPSYNC_ENGINE', '口型引擎')],
  },
  {
    id: 'gpt-sovits',
    label: 'GPT-SoVITS',
    desc: '自建声音克隆服务',
    fields: [url('SPEECH_GPT_SOVITS_URL')],
  },
] as const satisfies readonly EngineSpec[];

export type EngineId = (typeof ENGINE_SPECS)[number]['id'];
export const ENGINE_IDS = ENGINE_SPECS.map((e) => e.id) as [EngineId, ...EngineId[]];
export const engineSpec = (id: string): EngineSpec | undefined => ENGINE_SPECS.find((e) => e.id === id);

/** Where a field's value comes from: the environment (read-only here), the console, or nowhere (the default). */
export const ENGINE_VALUE_SOURCES = ['env', 'console', 'default'] as const;
export type EngineValueSource = (typeof ENGINE_VALUE_SOURCES)[number];

export const engineConsoleMessages = {
  saved: '引擎设置已保存，立即生效',
  unknown: '未知的引擎',
  fieldUnknown: (key: string) => `${key} 不是该引擎的设置项`,
  envLocked: (key: string) => `${key} 由环境变量设置，不能在控制台修改`,
  invalid: (label: string) => `${label} 格式不正确`,
  valuesFormat: '设置内容格式不正确',
  nothingChanged: '没有需要保存的修改',
  notConfigured: '请先填写接口地址和密钥',
  testOk: (ms: number) => `连接正常（${ms} 毫秒）`,
  testRefused: (status: number) => `服务拒绝了密钥（HTTP ${status}），请检查密钥`,
  testHttp: (status: number) => `服务返回 HTTP ${status}`,
  testUnreachable: (why: string) => `无法连接：${why}`,
  testOffline: '离线引擎在本机运行，无需连接',
  testVendorRefused: (vendor: string, why: string) => `${vendor}拒绝：${why}`,
  testNotService: (vendor: string) => `该地址的应答不是${vendor}的接口，请检查接口地址`,
  testMissingApi: (vendor: string, path: string) =>
    `该地址的服务没有${vendor}的 ${path} 接口，请检查接口地址和服务版本`,
  envLabel: '由环境变量设置',
} as const;

export const engineField = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['url', 'text', 'number']),
  secret: flag(),
  /** Secrets masked to their last 4 characters; '' when unset. */
  value: z.string(),
  source: z.enum(ENGINE_VALUE_SOURCES),
});
export const engineSettingsRow = z.object({
  id: z.string(),
  label: z.string(),
  desc: z.string(),
  fields: z.array(engineField),
});
export type EngineSettingsRow = z.infer<typeof engineSettingsRow>;

/** A tool as the engines screen lists it: what the operator still has to configure for it (empty: it works). */
export const engineToolRow = z.object({
  key: z.string(),
  label: z.string(),
  available: z.boolean(),
  missing: z.array(z.string()),
});
export type EngineToolRow = z.infer<typeof engineToolRow>;

/** What each tool needs, in the operator's words (the console only; users see commonMessages.toolUnavailable). */
export const engineNeedMessages = {
  chatModel:
    '对话模型：在「AI 对话」填写接口地址与密钥（CHAT_MODEL_URL、CHAT_MODEL_KEY），或在「文本模型」填写（TEXT_MODEL_URL、TEXT_MODEL_KEY），AI 对话沿用',
  textModel: '文本模型：在「文本模型」填写接口地址与密钥（TEXT_MODEL_URL、TEXT_MODEL_KEY）',
  transcription:
    '语音识别：在「语音识别」选择识别引擎（TRANSCRIPTION_ENGINE 填 openai 或 volcengine）并填写它的地址与密钥',
  image:
    '图片引擎，任选其一：可灵（KLING_ACCESS_KEY、KLING_SECRET_KEY）、OpenAI 兼容图片（OPENAI_IMAGE_BASE_URL、OPENAI_IMAGE_API_KEY）或 ComfyUI（COMFYUI_BASE_URL）',
  video: '视频生成引擎，任选其一：可灵（KLING_ACCESS_KEY、KLING_SECRET_KEY）或 ComfyUI（COMFYUI_BASE_URL）',
} as const;

export const listEngineSettings = endpoint({
  method: 'GET',
  path: '/api/admin/engines',
  summary:
    'Every engine with its settings: secrets masked, each value marked as from the environment, the console or the default',
  tag: 'admin',
  auth: 'admin',
  params: strictParams({}),
  data: z.object({ list: z.array(engineSettingsRow), tools: z.array(engineToolRow) }),
});

export const saveEngineSettings = endpoint({
  method: 'POST',
  path: '/api/admin/engines/save',
  summary:
    "Save an engine's settings: `values` a JSON object of variable → value (a blank secret keeps the stored one), `clear` comma-separated variables to remove; takes effect without a restart",
  tag: 'admin',
  auth: 'admin',
  params: strictParams({
    engine: oneOf(ENGINE_IDS),
    values: text({ max: 20_000 }),
    clear: optionalText({ max: 2000 }),
  }),
  data: z.object({ list: z.array(engineSettingsRow) }),
});

export const testEngineConnection = endpoint({
  method: 'POST',
  path: '/api/admin/engines/test',
  summary: "Make one cheap real call to an engine's service with its current settings",
  tag: 'admin',
  auth: 'admin',
  params: strictParams({ engine: oneOf(ENGINE_IDS) }),
  data: z.object({ ok: flag(), message: z.string(), ms: z.number().int() }),
});
