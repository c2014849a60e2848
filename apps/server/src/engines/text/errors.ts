import { textMessages } from './messages.js';

export type TextModelErrorKind =
  'not_configured' | 'auth' | 'quota' | 'rate_limited' | 'bad_input' | 'timeout' | 'service_down' | 'empty_reply';

const MESSAGES: Record<TextModelErrorKind, string> = {
  not_configured: textMessages.notConfigured,
  auth: textMessages.authFailed,
  quota: textMessages.quotaExceeded,
  rate_limited: textMessages.rateLimited,
  bad_input: textMessages.badInput,
  timeout: textMessages.timeout,
  service_down: textMessages.serviceDown,
  empty_reply: textMessages.emptyReply,
};

/** A text-model failure whose message is the Chinese text to show; `detail` is for logs. */
export class TextModelError extends Error {
  override readonly name = 'TextModelError';
  constructor(
    readonly kind: TextModelErrorKind,
    readonly detail = '',
  ) {
    super(MESSAGES[kind]);
  }
}
