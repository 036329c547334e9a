import { platform } from './platform';
import { locale } from './i18n';
import type { PublicTrace } from './types';

/** The trace page talks to two public endpoints with plain fetch: no client library. */
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

export type TraceResult =
  { kind: 'ok'; trace: PublicTrace } | { kind: 'notFound' } | { kind: 'error'; message: string | null };

export async function fetchTrace(code: string, signal?: AbortSignal): Promise<TraceResult> {
  try {
    const res = await fetch(`/api/v1/client/traceabilities/${encodeURIComponent(code)}`, {
      headers: headers(),
      signal,
    });
    if (res.status === 404) return { kind: 'notFound' };
    if (!res.ok) return { kind: 'error', message: await serverMessage(res) };
    const body = (await res.json()) as { data: { traceability: PublicTrace } };
    return { kind: 'ok', trace: body.data.traceability };
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { kind: 'error', message: null };
  }
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
