import { platform } from './platform';
import { locale } from './i18n';
import type { PublicProduct, PublicTrace } from './types';

/** The trace pages talk to three public endpoints with plain fetch: no client library. */
function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { Accept: 'application/json', Platform: platform.key, locale, ...extra };
}

/** The human message of an error envelope, if the body is one. */
async function serverMessage(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { meta?: { message?: string } };
    return body.meta?.message ?? null;
  } catch {
    return null;
  }
}

export type LoadResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'notFound' }
  | { kind: 'gone' }
  | { kind: 'error'; message: string | null };

/**
 * GET a public JSON envelope `{ data: { [key]: T } }`: 404 or a malformed code (422) → notFound,
 * 410 (the producer was closed: the page was taken down) → gone, anything else wrong → error.
 */
async function fetchPublic<T>(url: string, key: string, signal?: AbortSignal): Promise<LoadResult<T>> {
  try {
    const res = await fetch(url, { headers: headers(), signal });
    if (res.status === 404 || res.status === 422) return { kind: 'notFound' };
    if (res.status === 410) return { kind: 'gone' };
    if (!res.ok) return { kind: 'error', message: await serverMessage(res) };
    const body = (await res.json()) as { data: Record<string, T> };
    return { kind: 'ok', value: body.data[key] };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'error', message: null };
  }
}

export function fetchTrace(code: string, signal?: AbortSignal): Promise<LoadResult<PublicTrace>> {
  return fetchPublic(`/api/v1/client/traceabilities/${encodeURIComponent(code)}`, 'traceability', signal);
}

export function fetchProduct(code: string, signal?: AbortSignal): Promise<LoadResult<PublicProduct>> {
  return fetchPublic(`/api/v1/client/products/${encodeURIComponent(code)}`, 'product', signal);
}

export type VoteResult = { ok: true } | { ok: false; message: string | null };

export async function sendVote(code: string, rating: number, comment: string): Promise<VoteResult> {
  try {
    const res = await fetch('/api/v1/votes', {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ code, rating, comment: comment.trim() || null }),
    });
    if (res.ok) return { ok: true };
    return { ok: false, message: await serverMessage(res) };
  } catch {
    return { ok: false, message: null };
  }
}
