import type * as contract from './first-paint-contract';
import type { Endpoint, EndpointAuth, HttpMethod } from '@app/contract';

/** The contract endpoints the shell and the home page call, by name (see first-paint-contract.ts). */
export type FirstPaintName = keyof typeof contract;

/**
 * An endpoint's wire facts without its schemas. The shell and the home page call the API through these,
 * so the contract's schemas (and zod with them) are not part of the first load; each reply is still
 * checked against its full endpoint once that has loaded (see `call` in api.ts).
 */
export interface EndpointRef<E extends Endpoint = Endpoint> {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  /** Which endpoint of first-paint-contract.ts this stands for. */
  name: FirstPaintName;
  /** Types only: the endpoint this stands for. */
  readonly endpoint?: E;
}

const ref = <N extends FirstPaintName>(
  name: N,
  method: HttpMethod,
  path: string,
  auth: EndpointAuth,
): EndpointRef<(typeof contract)[N]> => ({ name, method, path, auth });

export const siteSettingsCall = ref('getSiteSettings', 'GET', '/api/index/site', 'none');
export const themesCall = ref('getThemes', 'GET', '/api/index/theme', 'none');
export const creditsRuleCall = ref('getCreditsRule', 'GET', '/api/index/creditsRule', 'none');
export const publicActorsCall = ref('listPublicActors', 'GET', '/api/index/video', 'none');
export const startGuestCall = ref('startGuest', 'POST', '/api/user/tourist', 'none');
export const logoutCall = ref('logout', 'POST', '/api/user/logout', 'user');
export const creditsCall = ref('getCredits', 'GET', '/api/user/credits', 'user');
export const storageSpaceCall = ref('getStorageSpace', 'POST', '/api/user/space', 'user');

export const firstPaintCalls: EndpointRef[] = [
  siteSettingsCall,
  themesCall,
  creditsRuleCall,
  publicActorsCall,
  startGuestCall,
  logoutCall,
  creditsCall,
  storageSpaceCall,
];
