import { COVER_SIZES, coverSrcSet, type CoverImage } from '@agrihub/contract/cover-image';

/**
 * The head tags that make a public page preview well when its link is shared (Zalo, Facebook, X)
 * and tell search engines its canonical address. Every value is HTML-escaped: titles and
 * descriptions come from what editors and producers typed.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export interface SeoMeta {
  /** The page's own title (og:title); the tab's title adds the site name. */
  title: string;
  description: string;
  /** Absolute canonical URL (og:url, link rel=canonical). */
  url: string;
  /** Absolute image URL: the page's own, else the platform's share card (PNG, 1200×630). */
  image: string;
  type: 'website' | 'article';
  siteName: string;
  /** `vi_VN` or `en_US`. */
  locale: string;
  /** ISO time (articles). */
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** A not-found page or a search result: not for indexes. */
  noindex?: boolean;
  /**
   * The picture the page opens with (a trace page's product cover, its largest paint): preloaded
   * from the head with the page's own candidates, so it downloads with the scripts.
   */
  cover?: CoverImage | null;
}

/** A preload of the cover that the page's <img> will reuse (same URL, srcset and sizes). */
function coverPreload(cover: CoverImage): string {
  const srcset = coverSrcSet(cover);
  const candidates = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(COVER_SIZES)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(cover.url)}"${candidates} fetchpriority="high" />`;
}

/** Collapses whitespace (a description from rich text may carry line breaks) and trims. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export function renderHead(m: SeoMeta): string {
  const title = oneLine(m.title);
  const description = oneLine(m.description);
  const meta = (attr: 'name' | 'property', key: string, value: string | null | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}" />` : '';
  return [
    `<title>${escapeHtml(title ? `${title} · ${m.siteName}` : m.siteName)}</title>`,
    m.cover ? coverPreload(m.cover) : '',
    meta('name', 'description', description),
    m.noindex ? meta('name', 'robots', 'noindex') : '',
    `<link rel="canonical" href="${escapeHtml(m.url)}" />`,
    meta('property', 'og:type', m.type),
    meta('property', 'og:site_name', m.siteName),
    meta('property', 'og:title', title || m.siteName),
    meta('property', 'og:description', description),
    meta('property', 'og:url', m.url),
    meta('property', 'og:image', m.image),
    meta('property', 'og:locale', m.locale),
    m.type === 'article' ? meta('property', 'article:published_time', m.publishedTime) : '',
    m.type === 'article' ? meta('property', 'article:modified_time', m.modifiedTime) : '',
    // Every page has a 1200×630 image (its own, or the platform's share card): a large card.
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title || m.siteName),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', m.image),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The `<!--seo…-->` placeholder the entries' <head> carries (apps/web/*.html). */
const PLACEHOLDER = /<!--\s*seo\b[\s\S]*?-->/;
const TITLE = /<title>[\s\S]*?<\/title>\s*/;

/**
 * A built HTML entry split once around its placeholder: a page is the two halves with its tags
 * between. The template's own <title> is left out when tags are put in (they carry theirs); a
 * page without tags keeps the template as built.
 */
export class HtmlTemplate {
  readonly raw: Buffer;
  private readonly before: string;
  private readonly after: string;

  constructor(html: Buffer | string) {
    const text = typeof html === 'string' ? html : html.toString('utf8');
    this.raw = Buffer.from(text, 'utf8');
    const withoutTitle = text.replace(TITLE, '');
    const at = PLACEHOLDER.exec(withoutTitle);
    const cut = at ? { start: at.index, end: at.index + at[0].length } : null;
    const head = withoutTitle.indexOf('</head>');
    const start = cut?.start ?? (head >= 0 ? head : 0);
    const end = cut?.end ?? start;
    this.before = withoutTitle.slice(0, start);
    this.after = withoutTitle.slice(end);
  }

  render(head: string | null): Buffer | string {
    return head === null ? this.raw : `${this.before}${head}${this.after}`;
  }
}
