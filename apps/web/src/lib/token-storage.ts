import type { SessionToken } from './session-actions';
import { SESSION_TOKEN_KEY as KEY } from './session-handoff';

/**
 * "Remember me" unchecked: the token is NOT written to localStorage (redux-persist strips it, see
 * stores/persist.ts); it lives in memory and in this tab's sessionStorage, so a reload keeps the
 * session but closing the browser (or the tab) ends it.
 */
export function readSessionToken(): SessionToken | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SessionToken) : null;
  } catch {
    return null;
  }
}

export function writeSessionToken(token: SessionToken | null): void {
  try {
    if (token) window.sessionStorage.setItem(KEY, JSON.stringify(token));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // storage disabled: the token stays in memory only
  }
}
