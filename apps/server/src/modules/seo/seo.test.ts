import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformKey } from '@agrihub/contract';
import { COVER_SIZES, coverSrcSet } from '@agrihub/contract/cover-image';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { buildBatch } from '../../../test/factories.js';
import { pageViews, postCategories, posts, products, registerServices, uploads } from '../../db/schema/index.js';
import { recordScript } from './pages.js';

// DESIGN §5.4: the HTML the server sends for the public pages carries their title, description,
// canonical link and share tags (read here from the raw HTML, as a crawler reads it), every value
// escaped; a post that is not public is a 404; sitemap.xml and robots.txt per platform host.

const TEMPLATE = (name: string) => `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <!--seo: the server puts this page's tags here-->
    <title>${name}</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/${name}.js"></script></body>
</html>`;

const TRICKY = 'Cà phê "Cầu Đất" <script>alert(1)</script> & trà \'Tân Cương\'';

let t: TestApp;
let dist: string;
let published: { id: number; slug: string };
let batchCode: string;
let productCode: string;

async function category(platform: PlatformKey, name: string, parentId: number | null = null) {
  const [row] = await t.db.insert(postCategories).values({ platform, name, parentId }).returning();
  return row;
}

async function post(fields: Partial<typeof posts.$inferInsert> & { categoryId: number; slug: string }) {
  const [row] = await t.db
    .insert(posts)
    .values({
      platform: 'dtrack',
      title: fields.slug,
      body: '<p>Nội dung</p>',
      status: 'published',
      publishedAt: new Date('2026-01-05T03:00:00Z'),
      ...fields,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'agrihub-seo-'));
  for (const name of ['index', 'trace', 'content']) fs.writeFileSync(path.join(dist, `${name}.html`), TEMPLATE(name));
  t = await createTestApp({ WEB_DIST: dist });

  const root = await category('dtrack', 'Nông nghiệp');
  const leaf = await category('dtrack', 'Truy xuất nguồn gốc', root.id);
  const [cover] = await t.db
    .insert(uploads)
    .values({
      platform: 'dtrack',
      kind: 'image',
      storageKey: 'content/cover-1.jpg',
      thumbnailKey: 'content/cover-1-thumb.webp',
      contentType: 'image/jpeg',
      byteSize: 10,
      filename: 'cover.jpg',
    })
    .returning();
  published = await post({
    categoryId: leaf.id,
    title: TRICKY,
    slug: 'ca-phe-cau-dat',
    summary: 'Tóm tắt: "ngon" <b>đậm</b> & thơm',
    coverId: cover.id,
  });
  await post({ categoryId: leaf.id, slug: 'ban-nhap', status: 'draft', publishedAt: null });
  await post({
    categoryId: leaf.id,
    slug: 'hen-gio',
    status: 'scheduled',
    publishAt: new Date(Date.now() + 86_400_000),
    publishedAt: null,
  });
  await post({
    categoryId: leaf.id,
    slug: 'meta-rieng',
    metaTitle: 'Tiêu đề chia sẻ',
    metaDescription: 'Mô tả chia sẻ riêng.',
  });
  await t.db.insert(pageViews).values({
    platform: 'dtrack',
    slug: 'information-security',
    title: 'Chính sách bảo mật DTrack',
    body: '<p>Chúng tôi bảo vệ dữ liệu của bạn theo Luật 91/2025.</p>',
    status: 'published',
  });
  // AgriHub's is a draft: its page shows the general notice.
  await t.db
    .insert(pageViews)
    .values({ platform: 'agrihub', slug: 'information-security', title: 'Nháp', body: '<p>x</p>', status: 'draft' });
  await t.db.insert(registerServices).values([
    {
      platform: 'agrihub',
      slug: 'ma-so-ma-vach',
      titleVi: 'Đăng ký mã số mã vạch',
      titleEn: 'Barcode registration',
      descriptionVi: 'Hỗ trợ đăng ký mã GS1 cho sản phẩm của bạn.',
      descriptionEn: 'GS1 codes for your products.',
      type: 1,
    },
    {
      platform: 'agrihub',
      slug: 'tam-dung',
      titleVi: 'Dịch vụ tạm dừng',
      titleEn: 'Paused',
      type: 2,
      available: false,
    },
  ]);
  const batch = await buildBatch(t.db, { platform: 'dtrack' });
  batchCode = batch.publicCode;
  productCode = (await t.db.select().from(products).where(eq(products.id, batch.productId)))[0].publicCode!;
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const host = (platform: PlatformKey) => `${platform}.localhost:3000`;
const get = (platform: PlatformKey, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: host(platform), accept: 'text/html', ...headers } });

/** The head's tags as a crawler reads them (entities decoded by the parser). */
function tagsOf(html: string) {
  const doc = parseDocument(html);
  const metas = DomUtils.getElementsByTagName('meta', doc);
  const meta: Record<string, string> = {};
  for (const m of metas) {
    const key = m.attribs.property ?? m.attribs.name;
    if (key) meta[key] = m.attribs.content;
  }
  const titles = DomUtils.getElementsByTagName('title', doc);
  const canonical = DomUtils.getElementsByTagName('link', doc).filter((l) => l.attribs.rel === 'canonical');
  return {
    title: titles.map((n) => DomUtils.textContent(n)),
    canonical: canonical.map((l) => l.attribs.href),
    meta,
    // Scripts that run; a JSON data block (the trace page's record) is listed apart.
    scripts: DomUtils.getElementsByTagName('script', doc)
      .filter((s) => s.attribs.type !== 'application/json')
      .map((s) => s.attribs.src ?? '(inline)'),
    data: Object.fromEntries(
      DomUtils.getElementsByTagName('script', doc)
        .filter((s) => s.attribs.type === 'application/json')
        .map((s) => [s.attribs.id, DomUtils.textContent(s)]),
    ),
    preloads: DomUtils.getElementsByTagName('link', doc)
      .filter((l) => l.attribs.rel === 'preload')
      .map((l) => ({ ...l.attribs })),
  };
}

describe('share and search tags in the HTML of the public pages', () => {
  it('a post: its title, summary, cover and canonical slug URL, escaped, on the content entry', async () => {
    for (const url of ['/news/ca-phe-cau-dat', `/news/${published.id}`]) {
      const res = await get('dtrack', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // An image of another https site kept in a post's body is shown, not blocked.
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
      // Nothing of the title runs or breaks out of its attribute: no raw tag, quotes escaped.
      expect(res.body).not.toContain('<script>alert(1)</script>');
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.body).toContain('&quot;Cầu Đất&quot;');
      const tags = tagsOf(res.body);
      expect(tags.scripts).toEqual(['/assets/content.js']);
      expect(tags.title).toEqual([`${TRICKY} · DTrack`]);
      expect(tags.canonical).toEqual(['http://dtrack.localhost:3000/news/ca-phe-cau-dat']);
      expect(tags.meta).toMatchObject({
        description: 'Tóm tắt: "ngon" <b>đậm</b> & thơm',
        'og:title': TRICKY,
        'og:description': 'Tóm tắt: "ngon" <b>đậm</b> & thơm',
        'og:type': 'article',
        'og:url': 'http://dtrack.localhost:3000/news/ca-phe-cau-dat',
        'og:image': 'http://dtrack.localhost:3000/uploads/content/cover-1.jpg',
        'og:site_name': 'DTrack',
        'og:locale': 'vi_VN',
        'article:published_time': '2026-01-05T03:00:00.000Z',
        'twitter:card': 'summary_large_image',
      });
      expect(tags.meta.robots).toBeUndefined();
    }
  });

  it("a post's own share title and description win; without an image the platform's share card (PNG) is shown", async () => {
    const tags = tagsOf((await get('dtrack', '/news/meta-rieng')).body);
    expect(tags.meta).toMatchObject({
      'og:title': 'Tiêu đề chia sẻ',
      'og:description': 'Mô tả chia sẻ riêng.',
      'og:image': 'http://dtrack.localhost:3000/brand/dtrack-share.png',
      'twitter:card': 'summary_large_image',
    });
  });

  it('a draft, a post not yet due, an unknown one and news on a platform without news are 404 pages', async () => {
    for (const [platform, url] of [
      ['dtrack', '/news/ban-nhap'],
      ['dtrack', '/news/hen-gio'],
      ['dtrack', '/news/khong-co'],
      ['dtrack', '/news/categories/999999'],
      ['dtrack', '/news/a%00b'],
      ['agrihub', '/news'],
      ['foodmap', '/news/ca-phe-cau-dat'],
    ] as const) {
      const res = await get(platform, url);
      expect(res.statusCode, `${platform} ${url}`).toBe(404);
      const tags = tagsOf(res.body);
      // The content entry's page, which says "not found" itself; kept out of indexes.
      expect(tags.scripts).toEqual(['/assets/content.js']);
      expect(tags.meta.robots).toBe('noindex');
      expect(tags.title[0]).toMatch(/^Không tìm thấy trang · /);
      expect(res.body).not.toContain('ban-nhap<');
    }
  });

  it('the news list and a category page', async () => {
    const list = tagsOf((await get('dtrack', '/news?page=2')).body);
    expect(list.title).toEqual(['Tin tức · DTrack']);
    expect(list.canonical).toEqual(['http://dtrack.localhost:3000/news?page=2']);
    expect(list.meta['og:type']).toBe('website');
    const [cat] = await t.db.select().from(postCategories).where(eq(postCategories.name, 'Truy xuất nguồn gốc'));
    const res = await get('dtrack', `/news/categories/${cat.id}?q=truy%20xuat`);
    expect(res.statusCode).toBe(200);
    const tags = tagsOf(res.body);
    expect(tags.title).toEqual(['Truy xuất nguồn gốc – Tin tức · DTrack']);
    expect(tags.canonical).toEqual([`http://dtrack.localhost:3000/news/categories/${cat.id}`]);
    // A search result points to its list and stays out of indexes.
    expect(tags.meta.robots).toBe('noindex');
  });

  it('FAQs and information security on every platform, in the reader language where the platform offers it', async () => {
    const faqs = tagsOf((await get('foodmap', '/faqs', { 'accept-language': 'en-GB,en;q=0.9' })).body);
    expect(faqs.title).toEqual(['Frequently asked questions · Foodmap']);
    expect(faqs.meta['og:locale']).toBe('en_US');
    expect(faqs.canonical).toEqual(['http://foodmap.localhost:3000/faqs']);
    // DTrack is Vietnamese only.
    expect(tagsOf((await get('dtrack', '/faqs', { 'accept-language': 'en' })).body).title).toEqual([
      'Câu hỏi thường gặp · DTrack',
    ]);
    const security = tagsOf((await get('dtrack', '/information-security')).body);
    expect(security.title).toEqual(['Chính sách bảo mật DTrack · DTrack']);
    expect(security.meta.description).toBe('Chúng tôi bảo vệ dữ liệu của bạn theo Luật 91/2025.');
    expect(security.scripts).toEqual(['/assets/content.js']);
    // A draft page view is not shown: the general title.
    const fallback = await get('agrihub', '/information-security');
    expect(fallback.statusCode).toBe(200);
    expect(tagsOf(fallback.body).title).toEqual(['Chính sách bảo mật thông tin · AgriHub']);
  });

  it('services (the app entry): the catalogue and a service; an unknown slug is a 404', async () => {
    const list = tagsOf((await get('agrihub', '/services')).body);
    expect(list.title).toEqual(['Dịch vụ · AgriHub']);
    expect(list.scripts).toEqual(['/assets/index.js']);
    const one = tagsOf((await get('agrihub', '/services/ma-so-ma-vach')).body);
    expect(one.title).toEqual(['Đăng ký mã số mã vạch · AgriHub']);
    expect(one.meta['og:description']).toBe('Hỗ trợ đăng ký mã GS1 cho sản phẩm của bạn.');
    expect(one.canonical).toEqual(['http://agrihub.localhost:3000/services/ma-so-ma-vach']);
    expect((await get('agrihub', '/services/khong-co')).statusCode).toBe(404);
    expect((await get('dtrack', '/services/ma-so-ma-vach')).statusCode).toBe(404);
    // The producer's own pages under /services are the app as built.
    const request = await get('agrihub', '/services/requests/12');
    expect(request.statusCode).toBe(200);
    expect(tagsOf(request.body).title).toEqual(['index']);
  });

  it('the sign-in page is the light content entry (ADR 024); sign-up and the password pages stay the app', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fproducts']) {
      const res = await get('foodmap', url);
      expect(res.statusCode).toBe(200);
      const tags = tagsOf(res.body);
      expect(tags.scripts).toEqual(['/assets/content.js']);
      expect(tags.title).toEqual(['Đăng nhập · Foodmap']);
      expect(tags.meta.robots).toBe(url.includes('next=') ? 'noindex' : undefined);
      // The app's start-up files, for the page to prefetch while the visitor types (data, never run).
      expect(JSON.parse(tags.data['app-files'])).toEqual(['/assets/index.js']);
    }
    expect(tagsOf((await get('dtrack', '/faqs')).body).data['app-files']).toBeUndefined();
    expect(tagsOf((await get('foodmap', '/login', { 'accept-language': 'en' })).body).title).toEqual([
      'Log in · Foodmap',
    ]);
    for (const url of ['/register', '/forgot-password', '/reset', '/login-help']) {
      expect(tagsOf((await get('dtrack', url)).body).scripts).toEqual(['/assets/index.js']);
    }
  });

  it("a batch's trace page: its product, producer and lot, without counting a scan", async () => {
    const res = await get('dtrack', `/trace/${batchCode}`);
    expect(res.statusCode).toBe(200);
    const tags = tagsOf(res.body);
    expect(tags.scripts).toEqual(['/assets/trace.js']);
    expect(tags.title).toEqual(['Chè Shan tuyết Mộc Châu – Truy xuất nguồn gốc · DTrack']);
    expect(tags.meta['og:description']).toMatch(
      /^Nhà sản xuất: HTX Thử nghiệm \d+ · Lô LO-\w+ · Sản xuất ngày 01\/03\/2025$/,
    );
    expect(tags.meta['og:image']).toBe('http://dtrack.localhost:3000/uploads/p/cover.jpg');
    // Another platform's host, or an unknown code: the general tags.
    expect(tagsOf((await get('agrihub', `/trace/${batchCode}`)).body).title).toEqual(['Truy xuất nguồn gốc · AgriHub']);
    expect(tagsOf((await get('dtrack', '/trace/NOPE')).body).title).toEqual(['Truy xuất nguồn gốc · DTrack']);
  });

  it("a batch's trace page carries its record (the lookup's answer without the live facts) and preloads its cover", async () => {
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/traceabilities/${batchCode}`,
      headers: { platform: 'dtrack' },
    });
    const { scan_count: scans, duplicate_warning: _warning, ...record } = lookup.json().data.traceability;
    expect(scans).toBeGreaterThan(0);
    const res = await get('dtrack', `/trace/${batchCode}`);
    const tags = tagsOf(res.body);
    // A data block, never run, its `<` escaped so no text closes it.
    expect(res.body).toMatch(/<script type="application\/json" id="trace-record">\{"data":/);
    const embedded = JSON.parse(tags.data['trace-record']).data.traceability;
    expect(embedded).toEqual(record);
    expect(embedded).not.toHaveProperty('scan_count');
    expect(embedded).not.toHaveProperty('duplicate_warning');
    const cover = record.product.images[0];
    expect(tags.preloads).toEqual([
      {
        rel: 'preload',
        as: 'image',
        href: cover.url,
        ...(cover.thumbnail_url ? { imagesrcset: coverSrcSet(cover), imagesizes: COVER_SIZES } : {}),
        fetchpriority: 'high',
      },
    ]);
    // Neither on another platform's host nor for an unknown code.
    for (const other of [await get('agrihub', `/trace/${batchCode}`), await get('dtrack', '/trace/NOPE')]) {
      expect(tagsOf(other.body).data).toEqual({});
      expect(tagsOf(other.body).preloads).toEqual([]);
    }
  });

  it('no text in a record can close its element', () => {
    expect(recordScript({ head: Buffer.from('{"data":{"traceability":{"note":"</script><script>alert(1)</script>"') })).toBe(
      '<script type="application/json" id="trace-record">{"data":{"traceability":{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}}}</script>',
    );
  });

  it("a product's page (its QR code without a lot): its name, producer and photo; an unknown code the general tags", async () => {
    const res = await get('dtrack', `/trace/p/${productCode}`);
    expect(res.statusCode).toBe(200);
    const tags = tagsOf(res.body);
    expect(tags.scripts).toEqual(['/assets/trace.js']);
    expect(tags.title).toEqual(['Chè Shan tuyết Mộc Châu – Truy xuất nguồn gốc · DTrack']);
    expect(tags.meta['og:description']).toMatch(/^Nhà sản xuất: HTX Thử nghiệm \d+\. Nguồn gốc, chứng nhận/);
    expect(tags.meta['og:image']).toBe('http://dtrack.localhost:3000/uploads/p/cover.jpg');
    expect(tags.meta['og:url']).toBe(`http://dtrack.localhost:3000/trace/p/${productCode}`);
    expect(tagsOf((await get('agrihub', `/trace/p/${productCode}`)).body).title).toEqual([
      'Truy xuất nguồn gốc · AgriHub',
    ]);
    expect(tagsOf((await get('dtrack', '/trace/p/NOPE')).body).meta['og:image']).toBe(
      'http://dtrack.localhost:3000/brand/dtrack-share.png',
    );
  });

  it('other pages are sent as built', async () => {
    const res = await get('dtrack', '/register');
    expect(res.statusCode).toBe(200);
    expect(tagsOf(res.body).title).toEqual(['index']);
  });
});

const parser = new XMLParser();
const locs = (xml: string) => {
  const doc = parser.parse(xml) as { urlset: { url: { loc: string; lastmod?: string }[] | { loc: string } } };
  const list = doc.urlset.url;
  return (Array.isArray(list) ? list : [list]) as { loc: string; lastmod?: string }[];
};

describe('sitemap.xml and robots.txt per platform host', () => {
  it("DTrack's sitemap: home, services, FAQs, information security, the news and each published post", async () => {
    const res = await get('dtrack', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const urls = locs(res.body);
    const paths = urls.map((u) => u.loc.replace('http://dtrack.localhost:3000', ''));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/services',
        '/faqs',
        '/information-security',
        '/news',
        '/news/ca-phe-cau-dat',
        '/news/meta-rieng',
      ]),
    );
    expect(paths).not.toContain('/news/ban-nhap');
    expect(paths).not.toContain('/news/hen-gio');
    expect(urls.every((u) => u.loc.startsWith('http://dtrack.localhost:3000/'))).toBe(true);
    expect(urls.find((u) => u.loc.endsWith('/news/ca-phe-cau-dat'))?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(urls.find((u) => u.loc.endsWith('/information-security'))?.lastmod).toMatch(/^\d{4}-/);
  });

  it("AgriHub's: no news, its available services only", async () => {
    const paths = locs((await get('agrihub', '/sitemap.xml')).body).map((u) =>
      u.loc.replace('http://agrihub.localhost:3000', ''),
    );
    expect(paths).toEqual(['/', '/services', '/services/ma-so-ma-vach', '/faqs', '/information-security']);
  });

  it('robots.txt: public pages allowed, the back office, API and feeds not; the sitemap of the host', async () => {
    for (const platform of ['dtrack', 'foodmap'] as const) {
      const res = await get(platform, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('User-agent: *\nAllow: /\n');
      for (const p of ['/admin', '/api/', '/feeds/']) expect(res.body).toContain(`Disallow: ${p}\n`);
      expect(res.body).toContain(`Sitemap: http://${platform}.localhost:3000/sitemap.xml`);
    }
  });
});
