import { speechMessages } from './messages.js';

/** Why a speech call failed, so callers can decide (refund, retry later, ask the user to edit). */
export type SpeechErrorKind =
  | 'auth'
  | 'quota'
  | 'rate_limited'
  | 'bad_input'
  | 'voice_not_found'
  | 'timeout'
  | 'service_down'
  | 'not_configured'
  | 'clone_unsupported'
  | 'sample_unreadable'
  | 'sample_too_short'
  | 'failed';

const MESSAGE_BY_KIND: Record<SpeechErrorKind, string> = {
  auth: speechMessages.authFailed,
  quota: speechMessages.quotaExceeded,
  rate_limited: speechMessages.rateLimited,
  bad_input: speechMessages.badInput,
  voice_not_found: speechMessages.voiceNotFound,
  timeout: speechMessages.timeout,
  service_down: speechMessages.serviceDown,
  not_configured: speechMessages.notConfigured,
  clone_unsupported: speechMessages.cloneUnsupported,
  sample_unreadable: speechMessages.sampleUnreadable,
  sample_too_short: speechMessages.sampleTooShort,
  failed: speechMessages.synthesisFailed,
};

/** A speech failure whose `message` is the Chinese text to show; `detail` keeps the technical cause for logs. */
export class SpeechError extends Error {
  override readonly name = 'SpeechError';
  constructor(
    readonly kind: SpeechErrorKind,
    readonly detail = '',
    message: string = MESSAGE_BY_KIND[kind],
  ) {
    super(message);
  }

  /** Whether trying the same request again may succeed. */
  get retryable(): boolean {
    return this.kind === 'service_down' || this.kind === 'timeout';
  }
}

export function isSpeechError(e: unknown): e is SpeechError {
  return e instanceof SpeechError;
}
