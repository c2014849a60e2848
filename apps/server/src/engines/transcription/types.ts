/** Speech to text with timestamps: what the video translator hears before it translates. */

/** The product's language ids (ISO 639-1), in the order the language picker lists them. */
export const TRANSCRIPTION_LANGUAGES = ['zh', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'ru', 'pt', 'ar'] as const;
export type TranscriptionLanguage = (typeof TRANSCRIPTION_LANGUAGES)[number];

export interface TranscriptSegment {
  /** 0, 1, 2… in time order; kept through translation and dubbing. */
  id: number;
  /** Seconds from the start of the file. */
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  /** The language heard (the one asked for, or what the engine detected). */
  language: string;
  text: string;
  segments: TranscriptSegment[];
  /** Seconds of audio the engine heard. */
  duration: number;
}

export interface TranscribeInput {
  /** A local audio (or video) file. */
  file: string;
  /** The spoken language when known; engines detect it otherwise. */
  language?: string;
  signal?: AbortSignal;
}

export interface TranscriptionEngine {
  /** Stable id of the engine (logs, slots). */
  readonly id: string;
  /** Languages this engine can hear, among TRANSCRIPTION_LANGUAGES. */
  readonly languages: readonly TranscriptionLanguage[];
  transcribe(input: TranscribeInput): Promise<Transcript>;
}

export type TranscriptionErrorKind =
  'not_configured' | 'auth' | 'quota' | 'bad_input' | 'unsupported_language' | 'timeout' | 'service_down' | 'failed';

const MESSAGES: Record<TranscriptionErrorKind, string> = {
  not_configured: '语音识别服务未配置，请联系管理员',
  auth: '语音识别服务鉴权失败，请联系管理员',
  quota: '语音识别服务额度不足，请联系管理员',
  bad_input: '音频无法识别，请检查视频是否有声音',
  unsupported_language: '语音识别服务不支持该语言',
  timeout: '语音识别超时，请稍后重试',
  service_down: '语音识别服务暂时不可用，请稍后重试',
  failed: '语音识别失败，请稍后重试',
};

/** A transcription failure whose message is the Chinese text to show; `detail` is for logs. */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
  constructor(
    readonly kind: TranscriptionErrorKind,
    readonly detail = '',
  ) {
    super(MESSAGES[kind]);
  }
}

export const transcriptionMessages = MESSAGES;

export function kindFromHttpStatus(status: number, body = ''): TranscriptionErrorKind {
  if (/insufficient_quota|insufficient balance|余额不足|欠费|quota/i.test(body)) return 'quota';
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'quota';
  if (status === 408 || status === 429 || status >= 500) return 'service_down';
  if (status >= 400) return 'bad_input';
  return 'failed';
}
