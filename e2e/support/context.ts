import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app started for this run, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    adminPassword: string;
    /** Why the app could not be started; empty when it is up. */
    appStartupError: string;
    /** The operator's session, signed in once for the whole run. */
    adminToken: string;
    /** Where the run's one Chromium listens (Playwright's protocol); journeys connect to it. */
    browserEndpoint: string;
  }
}

export interface AppUnderTest {
  baseURL: string;
  adminPassword: string;
  adminToken: string;
}

/** The running app; throws the startup failure so every e2e test reports it instead of timing out. */
export function appUnderTest(): AppUnderTest {
  const startupError = inject('appStartupError');
  if (startupError) throw new Error(startupError);
  return { baseURL: inject('baseURL'), adminPassword: inject('adminPassword'), adminToken: inject('adminToken') };
}
