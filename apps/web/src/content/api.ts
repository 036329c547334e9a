import type { ClientMessageInput } from '@agrihub/contract/schemas/client-messages';
import type {
  Faq,
  PostCategory,
  PublicPageView,
  PublicPost,
  PublicPostSummary,
} from '@agrihub/contract/schemas/content';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import { apiHeaders, fetchEnvelope, type LoadResult } from '../light/http';
import { locale } from './i18n';

export type { LoadResult };
export type PublicFaq = Omit<Faq, 'published'>;
export type PostPage = { posts: PublicPostSummary[]; meta: ListMeta };
export type PostWithRelated = { post: PublicPost; related: PublicPostSummary[] };
export type FaqList = { faqs: PublicFaq[]; groups: string[] };

/** Posts on one page of the news list. */
export const PER_PAGE = 12;

/** The public content calls (contract schemas/content.ts), with plain fetch. */
export function fetchCategories(signal?: AbortSignal): Promise<LoadResult<PostCategory[]>> {
  return fetchEnvelope('/api/v1/client/category_posts', locale, (d) => d.category_posts as PostCategory[], signal);
}

export function fetchPosts(
  opts: { categoryId: number | null; q: string; page: number },
  signal?: AbortSignal,
): Promise<LoadResult<PostPage>> {
  const query = new URLSearchParams({ page: String(opts.page), per_page: String(PER_PAGE) });
  if (opts.categoryId) query.set('category_id', String(opts.categoryId));
  if (opts.q) query.set('q', opts.q);
  return fetchEnvelope(
    `/api/v1/client/posts?${query}`,
    locale,
    (d, meta) => ({ posts: d.posts as PublicPostSummary[], meta: meta as unknown as ListMeta }),
    signal,
  );
}

export function fetchPost(idOrSlug: string, signal?: AbortSignal): Promise<LoadResult<PostWithRelated>> {
  return fetchEnvelope(
    `/api/v1/client/posts/${encodeURIComponent(idOrSlug)}`,
    locale,
    (d) => ({ post: d.post as PublicPost, related: (d.related as PublicPostSummary[] | undefined) ?? [] }),
    signal,
  );
}

export function fetchFaqs(q: string, signal?: AbortSignal): Promise<LoadResult<FaqList>> {
  const url = q ? `/api/v1/client/faqs?q=${encodeURIComponent(q)}` : '/api/v1/client/faqs';
  return fetchEnvelope(url, locale, (d) => ({ faqs: d.faqs as PublicFaq[], groups: d.groups as string[] }), signal);
}

export function fetchPageView(slug: string, signal?: AbortSignal): Promise<LoadResult<PublicPageView>> {
  const url = `/api/v1/client/page_views/${encodeURIComponent(slug)}`;
  return fetchEnvelope(url, locale, (d) => d.page_view as PublicPageView, signal);
}

export type SendResult =
  | { ok: true; message: string | null }
  | { ok: false; status: number; message: string | null; errors: { field: string; message: string }[] };

/** POST /api/v1/client/messages: the thanks, or the error envelope's message and field errors. */
export async function sendMessage(input: ClientMessageInput): Promise<SendResult> {
  try {
    const res = await fetch('/api/v1/client/messages', {
      method: 'POST',
      headers: apiHeaders(locale, { 'Content-Type': 'application/json' }),
      body: JSON.stringify(input),
    });
    const body = (await res.json().catch(() => ({}))) as {
      meta?: { message?: string; errors?: { field: string; message: string }[] };
    };
    if (res.ok) return { ok: true, message: body.meta?.message ?? null };
    return { ok: false, status: res.status, message: body.meta?.message ?? null, errors: body.meta?.errors ?? [] };
  } catch {
    return { ok: false, status: 0, message: null, errors: [] };
  }
}
