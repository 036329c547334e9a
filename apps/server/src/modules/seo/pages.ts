import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INFORMATION_SECURITY_SLUG,
  PLATFORMS,
  effectiveLocale,
  isStorableText,
  platformFromHost,
  type Locale,
  type PlatformKey,
  type PublicTrace,
} from '@agrihub/contract';
import { AppError } from '../../lib/errors.js';
import { platformOrigin } from '../notifications/mail.js';
import { findPublishedPageView } from '../page-views/public-queries.js';
import { findPostCategoryName, findPublishedPost } from '../posts/public-queries.js';
import { getService } from '../services/queries.js';
import { headText, type TraceEntry } from '../trace-public/cache.js';
import { loadEntry } from '../trace-public/public-docs.js';
import { loadPublicProduct } from '../trace-public/product-lookup.js';
import { escapeHtml, renderHead, type SeoMeta } from './head.js';
import { seoText, type SeoTextKey } from './texts.js';

/**
 * Which built entry answers a page, with which status and which head tags (DESIGN §5.4): the
 * public pages' title, description, canonical link and share tags come from the database, so a
 * link pasted into Zalo or Facebook shows a card. Other pages get the entry as built.
 */
export type EntryKind = 'app' | 'trace' | 'content' | 'diary';
export interface PageAnswer {
  entry: EntryKind;
  status: number;
  head: string | null;
  /**
   * A page where a password is typed: no third-party script (analytics, chat) may run on it,
   * whatever the platform's settings say (DESIGN §5.5 pieces stay on the other light pages).
   */
  signIn?: true;
}

/** The language cookie the web app writes (contract LANGUAGE_COOKIE_NAME). */
const LANGUAGE_COOKIE = /(?:^|;\s*)i18next=([a-z]{2})/;
const DESCRIPTION_MAX = 200;

/** A path segment a query may carry: not too long, no NUL or lone surrogate (the database refuses those). */
const usable = (segment: string | null | undefined, max: number): segment is string =>
  !!segment && segment.length <= max && isStorableText(segment);

/** Text cut at a word near `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export function hostPlatform(app: FastifyInstance, req: FastifyRequest): PlatformKey {
  return platformFromHost(req.headers.host ?? '', app.config.DEFAULT_PLATFORM, app.config.PLATFORM_HOSTS);
}

/** A page's language: the site-wide language cookie, else the request's, as the platform offers it. */
export function pageLocale(req: FastifyRequest, platform: PlatformKey): Locale {
  const cookie = LANGUAGE_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  return effectiveLocale(platform, cookie ?? req.locale);
}

/** A page's context: its platform (from the host), language, origin and the common tag values. */
function pageContext(app: FastifyInstance, req: FastifyRequest) {
  const platform = hostPlatform(app, req);
  const locale = pageLocale(req, platform);
  const origin = platformOrigin(app.config, platform);
  const p = PLATFORMS[platform];
  const absolute = (url: string) =>
    /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
  const text = (key: SeoTextKey, params: Record<string, string> = {}) =>
    seoText(locale, key, { platform: p.name, ...params });
  /** `path` and `image` (the page's own, else the platform's share card) made absolute on the platform's origin. */
  const meta = ({
    path,
    image,
    ...m
  }: Partial<Omit<SeoMeta, 'url'>> & Pick<SeoMeta, 'title' | 'description'> & { path: string }): SeoMeta => ({
    type: 'website',
    siteName: p.name,
    locale: locale === 'vi' ? 'vi_VN' : 'en_US',
    ...m,
    url: absolute(path),
    image: absolute(image || p.shareImage),
  });
  return { platform, locale, origin, p, text, meta, absolute };
}
type Context = ReturnType<typeof pageContext>;

const page = (entry: EntryKind, m: SeoMeta, status = 200): PageAnswer => ({
  entry,
  status,
  head: renderHead(status === 404 ? { ...m, noindex: true } : m),
});

function notFoundPage(c: Context, entry: EntryKind, path: string): PageAnswer {
  return page(entry, c.meta({ title: c.text('notFound'), description: c.text('notFoundDescription'), path }), 404);
}

/** The news pages (DTrack only): the list, a category, a post. */
async function newsPage(app: FastifyInstance, c: Context, rest: string[], query: URLSearchParams): Promise<PageAnswer> {
  const path = `/news${rest.length ? `/${rest.join('/')}` : ''}`;
  if (!c.p.features.news) return notFoundPage(c, 'content', path);
  const pageNo = Number(query.get('page'));
  const paged = (base: string) => (Number.isInteger(pageNo) && pageNo > 1 ? `${base}?page=${pageNo}` : base);
  // A search result is not a page of its own for indexes (its canonical is the list).
  const noindex = !!query.get('q')?.trim();

  if (rest.length === 0) {
    return page(
      'content',
      c.meta({ title: c.text('news'), description: c.text('newsDescription'), path: paged('/news'), noindex }),
    );
  }
  if (rest[0] === 'categories' && rest.length === 2 && /^\d{1,10}$/.test(rest[1])) {
    const name = await findPostCategoryName(app.db, c.platform, Number(rest[1]));
    if (!name) return notFoundPage(c, 'content', path);
    return page(
      'content',
      c.meta({
        title: `${name} – ${c.text('news')}`,
        description: c.text('categoryDescription', { category: name }),
        path: paged(`/news/categories/${rest[1]}`),
        noindex,
      }),
    );
  }
  const idOrSlug = rest.length === 1 ? rest[0] : null;
  const post = usable(idOrSlug, 200) ? await findPublishedPost(app.db, c.platform, idOrSlug, app.storage) : null;
  if (!post) return notFoundPage(c, 'content', path);
  return page(
    'content',
    c.meta({
      title: post.meta.title,
      description: shorten(post.meta.description),
      path: `/news/${encodeURIComponent(post.slug)}`,
      image: post.meta.image_url ?? undefined,
      type: 'article',
      publishedTime: post.published_at,
    }),
  );
}

async function securityPage(app: FastifyInstance, c: Context): Promise<PageAnswer> {
  const view = await findPublishedPageView(app.db, c.platform, INFORMATION_SECURITY_SLUG, app.storage);
  return page(
    'content',
    c.meta({
      title: view?.meta.title ?? c.text('security'),
      description: view?.meta.description ? shorten(view.meta.description) : c.text('securityDescription'),
      path: '/information-security',
      image: view?.meta.image_url ?? undefined,
      modifiedTime: view?.updated_at,
    }),
  );
}

async function servicePage(app: FastifyInstance, c: Context, slug: string): Promise<PageAnswer> {
  const path = `/services/${encodeURIComponent(slug)}`;
  try {
    const s = await getService(app.db, c.platform, { slug });
    const en = c.locale === 'en';
    return page(
      'app',
      c.meta({
        title: en ? s.titleEn : s.titleVi,
        description: shorten((en ? s.descriptionEn : s.descriptionVi) || c.text('servicesDescription')),
        path,
      }),
    );
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return notFoundPage(c, 'app', path);
    throw err;
  }
}

/** A published batch's tags, kept with its cache entry (a QR code's page is opened often). */
const traceTags = new WeakMap<
  TraceEntry,
  {
    name: string;
    nameEn: string | null;
    producer: string;
    lot: string;
    date: string;
    cover: PublicTrace['product']['images'][number] | null;
  }
>();

function traceFacts(entry: TraceEntry) {
  let facts = traceTags.get(entry);
  if (!facts) {
    const t = (JSON.parse(`${headText(entry)}}}}`) as { data: { traceability: Omit<PublicTrace, 'scan_count'> } }).data
      .traceability;
    facts = {
      name: t.product.name,
      nameEn: t.product.name_en,
      producer: t.producer.name,
      lot: t.lot_code,
      date: t.production_date.split('-').reverse().join('/'),
      cover: t.product.images[0] ?? null,
    };
    traceTags.set(entry, facts);
  }
  return facts;
}

/** `/trace/{code}`: the batch's product, producer and lot, from the trace cache (no scan counted). */
async function tracePage(app: FastifyInstance, c: Context, code: string | null): Promise<PageAnswer> {
  const path = code ? `/trace/${encodeURIComponent(code)}` : '/trace/';
  const generic = page('trace', c.meta({ title: c.text('trace'), description: c.text('traceDescription'), path }));
  if (!usable(code, 64)) return generic;
  const hit = app.traceCache.hit(code);
  const entry = hit === undefined ? await app.traceCache.get(code, (k) => loadEntry(app.db, k)) : hit;
  if (!entry || entry.gone || entry.platform !== c.platform) return generic;
  const f = traceFacts(entry);
  const answer = page(
    'trace',
    c.meta({
      title: `${(c.locale === 'en' && f.nameEn) || f.name} – ${c.text('trace')}`,
      description: c.text('traceBatch', { producer: f.producer, lot: f.lot, date: f.date }),
      path,
      image: f.cover?.url,
      cover: f.cover,
    }),
  );
  return { ...answer, head: `${answer.head}\n    ${recordScript(entry)}` };
}

/**
 * The batch's record in its page (apps/web/src/trace/trace-app.tsx draws it at once, without
 * waiting for a request): the lookup's answer without its live facts — the scan count and the
 * duplicate-scan warning, which the page still asks the lookup for (that counts the scan). A data
 * block, never run; `<` escaped so no text in it can close the element.
 */
export function recordScript(entry: Pick<TraceEntry, 'head'>): string {
  return `<script type="application/json" id="trace-record">${`${headText(entry)}}}}`.replace(/</g, '\\u003c')}</script>`;
}

/** `/trace/p/{code}`: an approved product's page (its QR code without a lot), with its name, producer and photo. */
async function productPage(app: FastifyInstance, c: Context, code: string): Promise<PageAnswer> {
  const path = `/trace/p/${encodeURIComponent(code)}`;
  const generic = page('trace', c.meta({ title: c.text('trace'), description: c.text('traceDescription'), path }));
  if (!usable(code, 64)) return generic;
  const product = await loadPublicProduct(app.db, c.platform, code);
  if (!product || product === 'gone') return generic;
  const en = c.locale === 'en';
  const description = (en && product.description_en) || product.description;
  return page(
    'trace',
    c.meta({
      title: `${(en && product.name_en) || product.name} – ${c.text('trace')}`,
      description: description ? shorten(description) : c.text('traceProduct', { producer: product.producer.name }),
      path,
      image: (product.cover ?? product.images[0])?.url,
      cover: product.cover,
    }),
  );
}

/**
 * The field diary (every /diary path): a signed-in producer's page, so only its title and
 * description in the platform's name — no share tags, and nothing of the account (the service
 * worker keeps this page for offline use, apps/web/src/sw/sw.ts).
 */
function diaryPage(c: Context): PageAnswer {
  const head = [
    `<title>${escapeHtml(`${c.text('diary')} · ${c.p.name}`)}</title>`,
    `<meta name="description" content="${escapeHtml(c.text('diaryDescription'))}" />`,
  ].join('\n    ');
  return { entry: 'diary', status: 200, head };
}

/** The entry that draws a path: the light ones for their paths, the app for every other. */
export function entryOfPath(pathname: string): EntryKind {
  const path = pathname.replace(/\/+$/, '');
  if (path.startsWith('/trace/') || path === '/trace') return 'trace';
  if (path === '/news' || path.startsWith('/news/') || path === '/faqs' || path === '/information-security') {
    return 'content';
  }
  // The sign-in page is drawn by the light content entry too (ADR 024).
  if (path === '/login') return 'content';
  // The producers' field diary, the installable app's offline screens (issue 28).
  if (path === '/diary' || path.startsWith('/diary/')) return 'diary';
  return 'app';
}

/**
 * The answer for a page path (already normalised: decoded once, no dot segments) and its query.
 * Paths of no public page answer the entry that draws them, as built (`head` null).
 */
export async function resolvePage(
  app: FastifyInstance,
  req: FastifyRequest,
  pathname: string,
  query: URLSearchParams,
): Promise<PageAnswer> {
  const path = pathname.replace(/\/+$/, '') || '/';
  const parts = path.split('/').slice(1);
  const [first, ...rest] = parts;
  if (first === 'trace') {
    const c = pageContext(app, req);
    if (rest.length === 1) return tracePage(app, c, rest[0]);
    if (rest.length === 2 && rest[0] === 'p') return productPage(app, c, rest[1]);
    // Deeper paths keep the page as built.
    return { entry: entryOfPath(path), status: 200, head: null };
  }
  if (first === 'news') return newsPage(app, pageContext(app, req), rest, query);
  if (path === '/faqs' || path === '/information-security') {
    const c = pageContext(app, req);
    if (path === '/information-security') return securityPage(app, c);
    return page(
      'content',
      c.meta({
        title: c.text('faqs'),
        description: c.text('faqsDescription'),
        path,
        noindex: !!query.get('q')?.trim(),
      }),
    );
  }
  if (path === '/login') {
    // The sign-in page (light content entry, ADR 024): its own title, and what `next` follows stays out of indexes.
    const c = pageContext(app, req);
    return {
      ...page(
        'content',
        c.meta({ title: c.text('login'), description: c.text('loginDescription'), path, noindex: query.has('next') }),
      ),
      signIn: true,
    };
  }
  if (first === 'diary') return diaryPage(pageContext(app, req));
  if (first === 'services' && rest.length <= 1) {
    const c = pageContext(app, req);
    if (rest.length === 0) {
      return page('app', c.meta({ title: c.text('services'), description: c.text('servicesDescription'), path }));
    }
    if (rest[0] === 'client') {
      return page(
        'app',
        c.meta({ title: c.text('servicesClient'), description: c.text('servicesClientDescription'), path }),
      );
    }
    if (usable(rest[0], 100)) return servicePage(app, c, rest[0]);
  }
  return { entry: entryOfPath(path), status: 200, head: null };
}
