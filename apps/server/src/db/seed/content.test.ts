import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { INFORMATION_SECURITY_SLUG, PLATFORM_KEYS } from '@agrihub/contract';
import { faqs, pageViews, postCategories, posts, uploads } from '../schema/index.js';
import { localStorageDriver } from '../../plugins/storage.js';
import { createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { seedAccounts } from './accounts.js';
import { seedContent } from './content.js';
import { DEMO_FAQS, DEMO_POSTS } from './content-data.js';

/** The demo content seed: what each platform gets, that it is public as planned, and that a second run adds nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.db);
  await seedContent(t.db, localStorageDriver(t.config.uploadDir));
});
afterAll(() => t.close());

const n = async (table: typeof posts | typeof faqs | typeof pageViews | typeof postCategories | typeof uploads) =>
  Number((await t.db.select({ n: count() }).from(table))[0].n);

describe('demo content seed', () => {
  it('gives every platform a two-level tree, 12 posts with covers (one scheduled ahead, one draft), FAQs in 4 groups and 3 page views', async () => {
    for (const platform of PLATFORM_KEYS) {
      const cats = await t.db.select().from(postCategories).where(eq(postCategories.platform, platform));
      expect(cats).toHaveLength(6);
      expect(
        cats
          .filter((c) => c.parentId === null)
          .map((c) => c.name)
          .sort(),
      ).toEqual(['Kiến thức', 'Tin tức']);
      const own = await t.db.select().from(posts).where(eq(posts.platform, platform));
      expect(own).toHaveLength(12);
      expect(own.every((p) => p.coverId !== null)).toBe(true);
      const scheduled = own.filter((p) => p.status === 'scheduled');
      expect(scheduled).toHaveLength(1);
      expect(scheduled[0].publishAt!.getTime()).toBeGreaterThan(Date.now());
      expect(own.filter((p) => p.status === 'draft')).toHaveLength(1);
      const published = own.filter((p) => p.status === 'published');
      expect(published).toHaveLength(10);
      expect(published.every((p) => p.publishedAt! < new Date() && p.viewCount > 0)).toBe(true);
      const groups = await t.db.selectDistinct({ g: faqs.group }).from(faqs).where(eq(faqs.platform, platform));
      expect(groups.map((g) => g.g).sort()).toEqual(['Dịch vụ', 'Kênh bán', 'Truy xuất nguồn gốc', 'Tài khoản']);
      const pages = await t.db.select().from(pageViews).where(eq(pageViews.platform, platform));
      expect(pages.map((p) => [p.slug, p.status]).sort()).toEqual([
        ['dieu-khoan-su-dung', 'draft'],
        ['gioi-thieu', 'published'],
        [INFORMATION_SECURITY_SLUG, 'published'],
      ]);
    }
    const [coverRow] = await t.db.select().from(uploads).where(eq(uploads.platform, 'foodmap')).limit(1);
    expect(await localStorageDriver(t.config.uploadDir).get(coverRow.storageKey)).not.toBeNull();
  });

  it('serves the demo through the public API: the information-security notice, the news and the FAQs', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/page_views/${INFORMATION_SECURITY_SLUG}`,
      headers: headers('agrihub'),
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = json(page).data.page_view;
    expect(body.body).toContain('Nghị định 13/2023/NĐ-CP');
    expect(body.body).toContain('Luật Bảo vệ dữ liệu cá nhân năm 2025');
    expect(body.body).toContain('01/01/2026');
    expect(body.body).toContain('AgriHub');
    expect(body.meta.description).toContain('AgriHub');
    // Named as the footer names it, with the platform's demo contact address (no placeholder).
    expect(body.title).toBe('Chính sách bảo mật thông tin');
    expect(body.body).toContain('href="mailto:hotro@agrihub.demo"');
    expect(body.body).toContain('>hotro@agrihub.demo</a>');
    expect(body.body).not.toContain('example.vn');
    const news = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/client/posts?per_page=100', headers: headers('dtrack') }),
    );
    expect(news.meta.total_count).toBe(10);
    expect(news.data.posts[0].cover.url).toMatch(/^\/uploads\/demo\/content\/dtrack\//);
    const withTable = DEMO_POSTS.find((p) => p.body.includes('<table>'))!;
    const post = json(
      await t.app.inject({ method: 'GET', url: `/api/v1/client/posts/${withTable.slug}`, headers: headers('dtrack') }),
    ).data;
    expect(post.post.body).toContain('<table>');
    expect(post.related).toHaveLength(3);
    const faqAnswer = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/client/faqs', headers: headers('foodmap') }),
    );
    expect(faqAnswer.data.faqs).toHaveLength(DEMO_FAQS.length);
    expect(faqAnswer.data.groups).toEqual(['Dịch vụ', 'Kênh bán', 'Tài khoản', 'Truy xuất nguồn gốc']);
  });

  it('adds nothing on a second run (resumable: only what is missing is added)', async () => {
    const before = await Promise.all([n(posts), n(faqs), n(pageViews), n(postCategories), n(uploads)]);
    // A post lost halfway (its cover upload kept) comes back on the next run with the same upload.
    const [gone] = await t.db
      .delete(posts)
      .where(and(eq(posts.platform, 'dtrack'), eq(posts.slug, DEMO_POSTS[0].slug)))
      .returning();
    await seedContent(t.db, localStorageDriver(t.config.uploadDir));
    expect(await Promise.all([n(posts), n(faqs), n(pageViews), n(postCategories), n(uploads)])).toEqual(before);
    const [back] = await t.db
      .select()
      .from(posts)
      .where(and(eq(posts.platform, 'dtrack'), eq(posts.slug, DEMO_POSTS[0].slug)));
    expect(back.coverId).toBe(gone.coverId);
  });
});
