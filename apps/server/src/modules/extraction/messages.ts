import { analyseMessages } from '@app/contract';
import { AppError } from '../../platform/errors.js';
import { LinkRefusal } from '../../platform/security/public-address.js';
import { ResolveError } from './resolvers/types.js';

/** A failure the job writes on the record, in the user's words. */
export class ExtractionFailure extends Error {}

const BY_FAILURE: Record<ResolveError['failure'], string> = {
  unsupported: analyseMessages.parseFailed,
  'not-found': analyseMessages.noVideoFound,
  private: analyseMessages.linkPrivate,
  'too-large': analyseMessages.tooLarge,
  'too-long': analyseMessages.tooLong,
  timeout: analyseMessages.timedOut,
};

/** The message a failed extraction shows. */
export function reasonOf(e: unknown): string {
  if (e instanceof ExtractionFailure || e instanceof AppError) return e.message;
  if (e instanceof ResolveError) return BY_FAILURE[e.failure];
  if (e instanceof LinkRefusal) return refusalMessage(e);
  return analyseMessages.parseFailed;
}

export function refusalMessage(e: LinkRefusal): string {
  if (e.reason === 'private') return analyseMessages.linkPrivate;
  if (e.reason === 'unresolvable') return analyseMessages.linkUnresolvable;
  return analyseMessages.linkScheme;
}
