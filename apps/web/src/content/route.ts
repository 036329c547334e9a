/**
 * What a public content URL shows. This entry (content.html) serves /news, /news/categories/{id},
 * /news/{id or slug}, /faqs, /information-security and the sign-in page /login (ADR 024); the
 * server sends it for those paths only.
 */
export type ContentRoute =
  | { kind: 'news'; categoryId: number | null; q: string; page: number }
  | { kind: 'post'; idOrSlug: string }
  | { kind: 'faqs'; q: string }
  | { kind: 'security' }
  | { kind: 'login' }
  | { kind: 'notFound' };

export const NEWS_PATH = '/news';
export const FAQS_PATH = '/faqs';
export const SECURITY_PATH = '/information-security';
export const LOGIN_PATH = '/login';

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A positive whole number from the URL (ids, page numbers), else null. */
function positiveInt(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

/** The route of a path and query string; `hasNews`: the platform publishes news (DTrack). */
export function routeOf(pathname: string, search: string, hasNews: boolean): ContentRoute {
  const path = pathname.replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(search);
  const q = (query.get('q') ?? '').trim();
  if (path === FAQS_PATH) return { kind: 'faqs', q };
  if (path === SECURITY_PATH) return { kind: 'security' };
  if (path === LOGIN_PATH) return { kind: 'login' };
  if (!hasNews || (path !== NEWS_PATH && !path.startsWith(`${NEWS_PATH}/`))) return { kind: 'notFound' };
  const page = positiveInt(query.get('page')) ?? 1;
  if (path === NEWS_PATH) return { kind: 'news', categoryId: null, q, page };
  const rest = path.slice(NEWS_PATH.length + 1).split('/');
  if (rest[0] === 'categories') {
    const id = rest.length === 2 ? positiveInt(rest[1]) : null;
    return id ? { kind: 'news', categoryId: id, q, page } : { kind: 'notFound' };
  }
  const idOrSlug = rest.length === 1 ? decode(rest[0]) : null;
  return idOrSlug ? { kind: 'post', idOrSlug } : { kind: 'notFound' };
}

/** The URL of a news list: a category or all, a search, a page (blank parts left out). */
export function newsHref(opts: { categoryId?: number | null; q?: string; page?: number } = {}): string {
  const base = opts.categoryId ? `${NEWS_PATH}/categories/${opts.categoryId}` : NEWS_PATH;
  const query = new URLSearchParams();
  if (opts.q?.trim()) query.set('q', opts.q.trim());
  if (opts.page && opts.page > 1) query.set('page', String(opts.page));
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
}

export function postHref(slug: string): string {
  return `${NEWS_PATH}/${encodeURIComponent(slug)}`;
}

export function faqsHref(q = ''): string {
  return q.trim() ? `${FAQS_PATH}?q=${encodeURIComponent(q.trim())}` : FAQS_PATH;
}

/** Paths this entry draws itself (a link to another one is a full page load). */
export function isContentPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === FAQS_PATH || path === SECURITY_PATH || path === NEWS_PATH || path.startsWith(`${NEWS_PATH}/`);
}
