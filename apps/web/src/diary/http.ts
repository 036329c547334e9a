import type { TokenResponse } from '@agrihub/contract/schemas/auth';
import { apiHeaders, serverMessage } from '../light/http';
import { locale } from './i18n';
import type { SendResult } from './queue';
import { findSession, storeToken, type Found } from './session';

/**
 * The diary's fetch: the app's session (./session.ts) as Bearer, the platform and language
 * headers of the light pages; on a 401 one refresh (shared by concurrent calls), then the call
 * again — as lib/api.ts does for the app. No session, or the refresh refused, is 'auth'.
 */
let refreshing: Promise<boolean> | null = null;

async function refresh(found: Found): Promise<boolean> {
  try {
    const res = await fetch('/oauth/token', {
      method: 'POST',
      headers: apiHeaders(locale, { 'Content-Type': 'application/x-www-form-urlencoded' }),
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: found.token.refresh_token }),
    });
    if (!res.ok) return false;
    storeToken(found, (await res.json()) as TokenResponse);
    return true;
  } catch {
    return false;
  }
}

export type Call = { ok: true; res: Response } | { ok: false; reason: 'network' | 'auth' };

/** One authenticated request; a 2xx–4xx answer is `ok` (the caller reads it), no answer is 'network'. */
export async function call(path: string, init: RequestInit = {}): Promise<Call> {
  const found = findSession();
  if (!found) return { ok: false, reason: 'auth' };
  const send = () =>
    fetch(path, {
      ...init,
      headers: apiHeaders(locale, {
        Authorization: `${found.token.token_type} ${found.token.access_token}`,
        ...(init.headers as Record<string, string> | undefined),
      }),
    });
  try {
    let res = await send();
    if (res.status === 401) {
      const before = found.token.access_token;
      refreshing ??= refresh(found).finally(() => {
        refreshing = null;
      });
      const renewed = (await refreshing) || findSession()?.token.access_token !== before;
      if (!renewed) return { ok: false, reason: 'auth' };
      const again = findSession();
      if (again) found.token = again.token;
      res = await send();
      if (res.status === 401) return { ok: false, reason: 'auth' };
    }
    return { ok: true, res };
  } catch {
    return { ok: false, reason: 'network' };
  }
}

/** A JSON call's `data`, or why there is none (4xx: the server's message). */
export async function callJson<T>(path: string, init: RequestInit = {}): Promise<SendResult<T>> {
  const answer = await call(path, init);
  if (!answer.ok) return answer;
  const { res } = answer;
  // 5xx, a proxy's 502/504, or the service worker's offline answer: try again later.
  if (res.status >= 500 || res.status === 408 || res.status === 429) return { ok: false, reason: 'network' };
  if (!res.ok) return { ok: false, reason: 'refused', message: (await serverMessage(res)) ?? String(res.status) };
  try {
    return { ok: true, value: ((await res.json()) as { data: T }).data };
  } catch {
    return { ok: false, reason: 'network' };
  }
}

export const jsonBody = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
