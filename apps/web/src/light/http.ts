import type { Locale } from '@agrihub/contract/platforms';
import { platform } from './platform';

/** The light public pages talk to the public API with plain fetch: no client library. */
export function apiHeaders(locale: Locale, extra: Record<string, string> = {}): Record<string, string> {
  return { Accept: 'application/json', Platform: platform.key, locale, ...extra };
}

/** The human message of an error envelope, if the body is one. */
export async function serverMessage(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { meta?: { message?: string } };
    return body.meta?.message ?? null;
  } catch {
    return null;
  }
}

export type LoadResult<T> =
  { kind: 'ok'; value: T } | { kind: 'notFound' } | { kind: 'gone' } | { kind: 'error'; message: string | null };

/**
 * GET a public JSON envelope `{ data: … }` and pick from it: 404 or a malformed key (422) →
 * notFound, 410 (taken down) → gone, anything else wrong → error with the server's message.
 */
export async function fetchEnvelope<T>(
  url: string,
  locale: Locale,
  pick: (data: Record<string, unknown>, meta: Record<string, unknown>) => T,
  signal?: AbortSignal,
): Promise<LoadResult<T>> {
  try {
    const res = await fetch(url, { headers: apiHeaders(locale), signal });
    if (res.status === 404 || res.status === 422) return { kind: 'notFound' };
    if (res.status === 410) return { kind: 'gone' };
    if (!res.ok) return { kind: 'error', message: await serverMessage(res) };
    const body = (await res.json()) as { data: Record<string, unknown>; meta?: Record<string, unknown> };
    return { kind: 'ok', value: pick(body.data, body.meta ?? {}) };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'error', message: null };
  }
}
