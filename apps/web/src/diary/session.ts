import { PERSIST_KEY } from '@agrihub/contract/constants';
import type { TokenResponse } from '@agrihub/contract/schemas/auth';
import { handOffLogin, peekLoginHandoff, SESSION_TOKEN_KEY } from '../lib/session-handoff';

/**
 * The diary signs in with the app's session (no login of its own): the token the light /login
 * page handed over, the app's remembered one (redux-persist `persist:root`, slice `user`) or this
 * tab's copy (lib/token-storage.ts). A refreshed token is written back where it was found: the
 * server rotates refresh tokens and treats an old one coming back as stolen (ends the family), so
 * the app and the diary must never hold different ones.
 */
type Where = 'handoff' | 'persist' | 'tab';
export interface Found {
  token: TokenResponse;
  where: Where;
}

const PERSIST = `persist:${PERSIST_KEY}`;

function isToken(value: unknown): value is TokenResponse {
  const t = value as TokenResponse | null;
  return !!t && typeof t.access_token === 'string' && typeof t.refresh_token === 'string';
}

function persistedRoot(): Record<string, string> | null {
  try {
    const raw = window.localStorage.getItem(PERSIST);
    return raw ? (JSON.parse(raw) as Record<string, string>) : null;
  } catch {
    return null;
  }
}

function persistedUser(root: Record<string, string> | null): Record<string, unknown> | null {
  try {
    return root?.user ? (JSON.parse(root.user) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The session this browser holds, or null (the diary then links to /login?next=/diary). */
export function findSession(): Found | null {
  const handoff = peekLoginHandoff();
  if (handoff) return { token: handoff.token, where: 'handoff' };
  const user = persistedUser(persistedRoot());
  if (isToken(user?.token)) return { token: user.token, where: 'persist' };
  try {
    const tab = JSON.parse(window.sessionStorage.getItem(SESSION_TOKEN_KEY) ?? 'null') as unknown;
    if (isToken(tab)) return { token: tab, where: 'tab' };
  } catch {
    // storage disabled or malformed: no session
  }
  return null;
}

/** Writes a renewed token where the old one was, so the app opens with it too. */
export function storeToken(found: Found, token: TokenResponse): void {
  try {
    if (found.where === 'handoff') {
      const handoff = peekLoginHandoff();
      if (handoff) handOffLogin({ ...handoff, token });
    } else if (found.where === 'persist') {
      const root = persistedRoot();
      const user = persistedUser(root);
      if (root && user) window.localStorage.setItem(PERSIST, JSON.stringify({ ...root, user: JSON.stringify({ ...user, token }) }));
    } else {
      window.sessionStorage.setItem(SESSION_TOKEN_KEY, JSON.stringify(token));
    }
  } catch {
    // storage disabled: the renewed token lives in memory for this visit
  }
  found.token = token;
}
