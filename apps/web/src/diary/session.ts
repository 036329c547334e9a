import { PERSIST_KEY } from '@agrihub/contract/constants';
import type { TokenResponse } from '@agrihub/contract/schemas/auth';
import { handOffLogin, peekLoginHandoff, SESSION_TOKEN_KEY } from '../lib/session-handoff';
import { USER_INITIAL_STATE } from '../stores/user-initial-state';

/**
 * The diary signs in with the app's session (no login of its own): the token the light /login
 * page handed over, the app's remembered one (redux-persist `persist:root`, slice `user`) or this
 * tab's copy (lib/token-storage.ts). A refreshed token is written back wherever the old one was:
 * the server rotates refresh tokens and treats an old one coming back as stolen (it ends the
 * family), so the app and the diary must never hold different ones.
 */
export interface Found {
  token: TokenResponse;
}

const PERSIST = `persist:${PERSIST_KEY}`;

function isToken(value: unknown): value is TokenResponse {
  const t = value as TokenResponse | null;
  return !!t && typeof t.access_token === 'string' && typeof t.refresh_token === 'string';
}

function readJson<T>(storage: Storage, key: string): T | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function persisted(): { root: Record<string, string>; user: Record<string, unknown> } | null {
  const root = readJson<Record<string, string>>(window.localStorage, PERSIST);
  if (!root?.user) return null;
  try {
    return { root, user: JSON.parse(root.user) as Record<string, unknown> };
  } catch {
    return null;
  }
}

function writePersistedToken(token: TokenResponse): void {
  const found = persisted();
  const root = found?.root ?? { _persist: JSON.stringify({ version: -1, rehydrated: true }) };
  const user = { ...USER_INITIAL_STATE, ...(found?.user ?? {}), token, remember: true };
  window.localStorage.setItem(PERSIST, JSON.stringify({ ...root, user: JSON.stringify(user) }));
}

/** The session this browser holds, or null (the diary then links to /login?next=/diary). */
export function findSession(): Found | null {
  try {
    const handoff = peekLoginHandoff();
    const kept = persisted()?.user.token;
    if (handoff) {
      // Signed in with "remember me" and sent straight here: keep the session as the app would, so
      // the diary still opens after the browser is closed (the app takes the same hand-off later).
      if (handoff.remember && (!isToken(kept) || kept.refresh_token !== handoff.token.refresh_token))
        writePersistedToken(handoff.token);
      return { token: handoff.token };
    }
    if (isToken(kept)) return { token: kept };
    const tab = readJson<unknown>(window.sessionStorage, SESSION_TOKEN_KEY);
    if (isToken(tab)) return { token: tab };
  } catch {
    // storage disabled: no session
  }
  return null;
}

/** Writes a renewed token wherever the old one was, so the app opens with it too. */
export function storeToken(found: Found, token: TokenResponse): void {
  const old = found.token.refresh_token;
  try {
    const handoff = peekLoginHandoff();
    if (handoff?.token.refresh_token === old) handOffLogin({ ...handoff, token });
    const kept = persisted()?.user.token;
    if (isToken(kept) && kept.refresh_token === old) writePersistedToken(token);
    const tab = readJson<TokenResponse>(window.sessionStorage, SESSION_TOKEN_KEY);
    if (tab?.refresh_token === old) window.sessionStorage.setItem(SESSION_TOKEN_KEY, JSON.stringify(token));
  } catch {
    // storage disabled: the renewed token lives in memory for this visit
  }
  found.token = token;
}
