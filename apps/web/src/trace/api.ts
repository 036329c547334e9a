import { apiHeaders, fetchEnvelope, serverMessage, type LoadResult } from '../light/http';
import { locale } from './i18n';
import type { PublicProduct, PublicTrace } from './types';

export type { LoadResult };

/** The trace pages talk to three public endpoints with plain fetch (../light/http). */
export function fetchTrace(code: string, signal?: AbortSignal): Promise<LoadResult<PublicTrace>> {
  const url = `/api/v1/client/traceabilities/${encodeURIComponent(code)}`;
  return fetchEnvelope(url, locale, (data) => data.traceability as PublicTrace, signal);
}

export function fetchProduct(code: string, signal?: AbortSignal): Promise<LoadResult<PublicProduct>> {
  const url = `/api/v1/client/products/${encodeURIComponent(code)}`;
  return fetchEnvelope(url, locale, (data) => data.product as PublicProduct, signal);
}

export type VoteResult = { ok: true } | { ok: false; message: string | null };

export async function sendVote(code: string, rating: number, comment: string): Promise<VoteResult> {
  try {
    const res = await fetch('/api/v1/votes', {
      method: 'POST',
      headers: apiHeaders(locale, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ code, rating, comment: comment.trim() || null }),
    });
    if (res.ok) return { ok: true };
    return { ok: false, message: await serverMessage(res) };
  } catch {
    return { ok: false, message: null };
  }
}
