/** The login token lives in local storage under `token` (spec 000 §3). */
const TOKEN_KEY = 'token';

type Listener = () => void;
const listeners = new Set<Listener>();

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** `notify: false` when no account data was cached yet (a first guest token), so in-flight queries keep going. */
export function saveToken(token: string, notify = true): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (notify) listeners.forEach((l) => l());
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  listeners.forEach((l) => l());
}

/** Called whenever the account behind the token changes, so cached account data is dropped. */
export function onTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current hash route, e.g. `/consum?x=1`, used as redirectUrl. */
export function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/home';
}

export const LOGIN_PATH = '/login';

export function onLoginPage(): boolean {
  return currentRoute().startsWith(LOGIN_PATH);
}

export function loginRoute(redirect: string = currentRoute()): string {
  return `${LOGIN_PATH}?redirectUrl=${encodeURIComponent(redirect)}`;
}
