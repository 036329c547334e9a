import { PERSIST_KEY } from '@agrihub/contract/constants';
import type { TokenResponse } from '@agrihub/contract/schemas/auth';

/**
 * What the light sign-in page (content.html, /login) and the app (index.html) pass each other
 * across a page load, in this tab's sessionStorage: the new session after signing in, and why the
 * last one ended. Only this module knows the keys and the app's stored state's shape it reads;
 * no dependency, so the light page stays small (ADR 024).
 */

/** "Remember me" unchecked: this tab's copy of the token (lib/token-storage.ts). */
export const SESSION_TOKEN_KEY = 'agrihub.session-token';
const LOGIN_HANDOFF_KEY = 'agrihub.login-handoff';
const SESSION_END_KEY = 'agrihub.session-end';

/** A sign-in made on the light page, for the app to take in once at its start. */
export interface LoginHandoff {
  token: TokenResponse;
  remember: boolean;
  username: string;
}

function read<T>(storage: () => Storage, key: string): T | null {
  try {
    const raw = storage().getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: unknown): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled: nothing is handed over
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export function handOffLogin(handoff: LoginHandoff): void {
  write(session, LOGIN_HANDOFF_KEY, handoff);
}

/**
 * The sign-in the light page left (null when there is none, or it is malformed). It stays until
 * `clearLoginHandoff`: the app removes it once the session is in its own stored state, so a reload
 * in between still finds the session.
 */
export function peekLoginHandoff(): LoginHandoff | null {
  const found = read<LoginHandoff>(session, LOGIN_HANDOFF_KEY);
  const token = found?.token;
  if (!token || typeof token.access_token !== 'string' || typeof token.token_type !== 'string') {
    if (found) clearLoginHandoff();
    return null;
  }
  return { token, remember: found.remember !== false, username: String(found.username ?? '') };
}

export function clearLoginHandoff(): void {
  write(session, LOGIN_HANDOFF_KEY, null);
}

/** Why the session ended (expired, revoked, password reset done), for the sign-in page to say once. */
export function handOffSessionEnd(notice: string): void {
  write(session, SESSION_END_KEY, { notice });
}

export function takeSessionEnd(): string | null {
  const found = read<{ notice?: unknown }>(session, SESSION_END_KEY);
  write(session, SESSION_END_KEY, null);
  return typeof found?.notice === 'string' && found.notice ? found.notice : null;
}

/** What the app keeps between visits (redux-persist under `persist:root`, each slice as JSON text). */
export interface StoredLogin {
  /** A session is open in this browser (remembered) or this tab. */
  signedIn: boolean;
  /** The login form's remembered email and "remember me". */
  username: string;
  remember: boolean;
}

export function storedLogin(): StoredLogin {
  const root = read<Record<string, string>>(local, `persist:${PERSIST_KEY}`) ?? {};
  const slice = (name: string): Record<string, unknown> => {
    try {
      return (JSON.parse(root[name] ?? 'null') as Record<string, unknown> | null) ?? {};
    } catch {
      return {};
    }
  };
  const user = slice('user');
  const login = slice('login');
  const tabToken = read<unknown>(session, SESSION_TOKEN_KEY);
  return {
    signedIn: !!user.token || !!tabToken,
    username: typeof login.username === 'string' ? login.username : '',
    remember: login.remember !== false,
  };
}
