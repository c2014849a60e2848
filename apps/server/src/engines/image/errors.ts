import { aiMediaMessages, type AiMediaMessageKey } from '@app/contract';
import { VendorHttpError } from '../avatar/vendor-http.js';

/** A picture or video generation failure whose message is fit to show the user (Chinese). */
export class GenerationError extends Error {
  override readonly name = 'GenerationError';
  constructor(
    readonly key: AiMediaMessageKey,
    options?: { cause?: unknown },
  ) {
    super(aiMediaMessages[key], options);
  }
}

/** Transport failures in the user's words; a GenerationError passes through. */
export function generationErrorOf(e: unknown): GenerationError {
  if (e instanceof GenerationError) return e;
  if (e instanceof VendorHttpError && e.kind === 'json') return new GenerationError('resultUnusable', { cause: e });
  return new GenerationError('remoteUnreachable', { cause: e });
}

/** Words vendors use when a task is refused by their moderation. */
export const looksLikeModeration = (text: string) =>
  /risk|safety|moderat|sensitive|policy|inappropriate|风控|安全|敏感|审核|违规/i.test(text);
