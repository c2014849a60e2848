import { LinkRefusal } from '../../../platform/security/public-address.js';
import { ResolveError, type LinkResolver, type ResolveRequest, type ResolvedMedia } from './types.js';

export interface ResolverRegistry {
  /** The configured resolvers, in the order they are tried. */
  readonly names: readonly string[];
  /** Tries each resolver in turn; the first that gets the media wins, a refusal ends the search. */
  resolve(req: ResolveRequest): Promise<ResolvedMedia & { resolver: string }>;
}

export function resolverRegistry(resolvers: readonly LinkResolver[]): ResolverRegistry {
  return {
    names: resolvers.map((r) => r.name),
    async resolve(req) {
      let last: unknown = new ResolveError('unsupported', 'no link resolver is configured');
      for (const r of resolvers) {
        try {
          return { ...(await r.resolve(req)), resolver: r.name };
        } catch (e) {
          if (req.signal.aborted) throw e;
          // A private address, an oversized or overlong video: another resolver would only fetch the same.
          if (e instanceof LinkRefusal) throw e;
          if (e instanceof ResolveError && e.failure !== 'unsupported' && e.failure !== 'not-found') throw e;
          last = e;
        }
      }
      throw last;
    },
  };
}
