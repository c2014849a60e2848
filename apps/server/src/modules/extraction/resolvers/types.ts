import type { AddressPolicy } from '../../../platform/security/public-address.js';

/** What one extraction may take: bytes, seconds of media and seconds of work. */
export interface ResolveLimits {
  maxBytes: number;
  maxSeconds: number;
  timeoutMs: number;
}

export interface ResolveRequest {
  /** An http(s) link, already found in what the user pasted. */
  link: string;
  /** The video itself, or a file whose audio track is wanted (a video or audio-only stream). */
  want: 'video' | 'audio';
  /** An empty folder of the job's own for what the resolver downloads. */
  dir: string;
  signal: AbortSignal;
  limits: ResolveLimits;
  policy: AddressPolicy;
}

export interface ResolvedMedia {
  /** The downloaded media, inside `dir`. */
  file: string;
  /** The page's title or the post's text. */
  desc: string;
  /** A picture for the list, inside `dir`, when the site offers one. */
  coverFile: string | null;
}

/**
 * Why a resolver gave up. 'unsupported': this resolver cannot read the link, the next one may;
 * the others end the extraction with the matching message.
 */
export type ResolveFailure = 'unsupported' | 'private' | 'too-large' | 'too-long' | 'timeout' | 'not-found';

export class ResolveError extends Error {
  constructor(
    readonly failure: ResolveFailure,
    detail: string,
  ) {
    super(`${failure}: ${detail}`);
  }
}

/** A way to turn a share link into a downloaded media file. */
export interface LinkResolver {
  readonly name: string;
  resolve(req: ResolveRequest): Promise<ResolvedMedia>;
}
