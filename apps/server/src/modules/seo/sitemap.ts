import type { FastifyInstance } from 'fastify';
import { INFORMATION_SECURITY_SLUG, PLATFORMS, type PlatformKey } from '@agrihub/contract';
import { listPublishedPageViewSlugs } from '../page-views/public-queries.js';
import { listPublishedPostUrls } from '../posts/public-queries.js';
import { listServices } from '../services/queries.js';
import { escapeXml } from '../../lib/file-text.js';

/** The page each page view with a public route is shown on (DESIGN §5.4); others have no page yet. */
export const PAGE_VIEW_ROUTES: Record<string, string> = { [INFORMATION_SECURITY_SLUG]: '/information-security' };

export interface SitemapUrl {
  path: string;
  lastmod?: Date | null;
}

/** Everything public on the platform: home, the catalogue, FAQs, the page views' pages, the news (DTrack). */
export async function sitemapUrls(app: FastifyInstance, platform: PlatformKey): Promise<SitemapUrl[]> {
  const [services, pageViews, posts] = await Promise.all([
    listServices(app.db, platform),
    listPublishedPageViewSlugs(app.db, platform),
    PLATFORMS[platform].features.news ? listPublishedPostUrls(app.db, platform) : Promise.resolve([]),
  ]);
  const viewed = new Map(pageViews.map((v) => [v.slug, v.updated_at]));
  const urls: SitemapUrl[] = [
    { path: '/' },
    { path: '/services' },
    ...services
      .filter((s) => s.available)
      .map((s) => ({ path: `/services/${encodeURIComponent(s.slug)}`, lastmod: s.updatedAt })),
    { path: '/faqs' },
    // Each page view's page when published; the information-security page always (it has a general notice).
    ...Object.entries(PAGE_VIEW_ROUTES)
      .filter(([slug]) => slug === INFORMATION_SECURITY_SLUG || viewed.has(slug))
      .map(([slug, path]) => ({ path, lastmod: viewed.get(slug) })),
  ];
  if (PLATFORMS[platform].features.news) {
    urls.push({ path: '/news', lastmod: posts[0]?.updated_at });
    for (const p of posts) urls.push({ path: `/news/${encodeURIComponent(p.slug)}`, lastmod: p.updated_at });
  }
  return urls;
}

/** The sitemap protocol's XML (https://www.sitemaps.org/protocol.html), absolute URLs on `origin`. */
export function sitemapXml(origin: string, urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((u) => {
      const lastmod = u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : '';
      return `  <url><loc>${escapeXml(origin + u.path)}</loc>${lastmod}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** Crawlers may read the public pages; never the back office, the API or the channels' feeds. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /oauth/',
    'Disallow: /feeds/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
