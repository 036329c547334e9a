import { apiHeaders, fetchEnvelope, serverMessage, type LoadResult } from '../light/http';
import { locale } from './i18n';
import type { PublicProduct, PublicTrace } from './types';
import type { RatingSummary, VoteAnswer } from '@agrihub/contract/schemas/trace-public';

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

/** A vote sent: the batch's ratings with it (for the summary), or why it was refused. */
export type VoteResult = { ok: true; rating: RatingSummary | null } | { ok: false; message: string | null };

export async function sendVote(code: string, rating: number, comment: string): Promise<VoteResult> {
  try {
    const res = await fetch('/api/v1/votes', {
      method: 'POST',
      headers: apiHeaders(locale, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ code, rating, comment: comment.trim() || null }),
    });
    if (res.ok) {
      const answer = (await res.json().catch(() => null)) as Partial<VoteAnswer> | null;
      return { ok: true, rating: answer?.data?.rating ?? null };
    }
    return { ok: false, message: await serverMessage(res) };
  } catch {
    return { ok: false, message: null };
  }
}
