import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFORMATION_SECURITY_SLUG, type AdminPageView } from '@agrihub/contract';
import { uploads } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildContentCast } from '../../../test/content-cast.js';
import { buildPageView, type Built } from '../../../test/factories.js';
import { findPublishedPageView, listPublishedPageViewSlugs } from './public-queries.js';

/** Page views (DESIGN §5.4): the back office's CRUD and history, slug rules, scope, abilities; the public page. */
let t: TestApp;
let admin: Built;
let otherAdmin: Built;
let reader: Built;
let support: Built;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, otherAdmin, reader, support } = await buildContentCast(t.db, 'dtrack', 'agrihub'));
});
afterAll(() => t.close());

const URL = '/api/v1/admin/page_views';
const valid = (over: Record<string, unknown> = {}) => ({
  slug: 'gioi-thieu',
  title: 'Giới thiệu',
  body: '<h2>Về chúng tôi</h2><p>Nền tảng truy xuất nguồn gốc nông sản.</p>',
  status: 'published',
  ...over,
});
const create = (u: Built, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'POST', url: URL, headers: as(u, locale), payload });
const replace = (u: Built, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: as(u), payload });
const get = (u: Built, path = '') => t.app.inject({ method: 'GET', url: `${URL}${path}`, headers: as(u) });
const publicGet = (platform: 'dtrack' | 'agrihub' | 'foodmap', id: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/client/page_views/${id}`, headers: headers(platform) });

describe('admin page views', () => {
  it('creates, reads, edits (one history row per edit) and deletes a page view', async () => {
    const res = await create(
      admin,
      valid({ body: '<p style="display:none" onclick="x">Ẩn<iframe src="//x"></iframe></p>' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const page = json<{ data: { page_view: AdminPageView } }>(res).data.page_view;
    expect(page).toMatchObject({
      slug: 'gioi-thieu',
      title: 'Giới thiệu',
      body: '<p>Ẩn</p>',
      status: 'published',
      meta: { title: 'Giới thiệu', description: 'Ẩn', image_url: null },
    });
    expect(json(res).meta.message).toBe('Đã tạo trang.');
    const read = await get(admin, `/${page.id}`);
    expect(json(read).data.page_view.id).toBe(page.id);

    const edited = await replace(
      admin,
      page.id,
      valid({ title: 'Về chúng tôi', status: 'draft', meta_title: 'Giới thiệu DTrack' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited).data.page_view).toMatchObject({
      title: 'Về chúng tôi',
      status: 'draft',
      meta_title: 'Giới thiệu DTrack',
      meta: { title: 'Giới thiệu DTrack' },
    });
    // Nothing changed: no history row.
    await replace(admin, page.id, valid({ title: 'Về chúng tôi', status: 'draft', meta_title: 'Giới thiệu DTrack' }));
    const history = json(await get(admin, `/${page.id}/history`)).data.history;
    expect(history.map((h: any) => h.action)).toEqual(['unpublish', 'create']);
    expect(history[0].detail.fields.sort()).toEqual(['body', 'meta_title', 'status', 'title']);

    const list = json(await get(admin, '?status=draft'));
    expect(list.data.page_views.map((p: AdminPageView) => p.id)).toContain(page.id);
    expect(list.data.page_views[0]).not.toHaveProperty('body');
    const del = await t.app.inject({ method: 'DELETE', url: `${URL}/${page.id}`, headers: as(admin) });
    expect(del.statusCode).toBe(200);
    expect((await get(admin, `/${page.id}`)).statusCode).toBe(404);
  });

  it('keeps slugs unique per platform (409 slugTaken) and validates them (422 vi/en)', async () => {
    await create(admin, valid({ slug: 'dieu-khoan' }));
    const clash = await create(admin, valid({ slug: 'dieu-khoan' }));
    expect(clash.statusCode).toBe(409);
    expect(json(clash).meta).toMatchObject({
      code: 'slugTaken',
      message: 'Đường dẫn "dieu-khoan" đã được dùng, vui lòng chọn đường dẫn khác.',
    });
    const other = await create(otherAdmin, valid({ slug: 'dieu-khoan' }));
    expect(other.statusCode).toBe(201);
    const bad = await create(otherAdmin, valid({ slug: 'Điều khoản', title: '', status: 'archived' }), 'en');
    expect(bad.statusCode).toBe(422);
    const byField = Object.fromEntries(json(bad).meta.errors.map((e: any) => [e.field, e.message]));
    expect(byField).toEqual({
      slug: 'The URL slug may only hold lower-case letters without accents, digits and hyphens (e.g. about-us).',
      title: 'Please enter a title.',
      status: 'Invalid page status.',
    });
    const long = await create(admin, valid({ slug: 'a'.repeat(121) }));
    expect(json(long).meta.errors).toEqual([{ field: 'slug', message: 'Đường dẫn quá dài: tối đa 120 ký tự.' }]);
    const empty = await create(admin, valid({ slug: 'trong', body: '<object data="x"></object>' }));
    expect(json(empty).meta.errors).toEqual([{ field: 'body', message: 'Vui lòng nhập nội dung.' }]);
  });

  it("takes a meta image among the platform's image uploads", async () => {
    const [img] = await t.db
      .insert(uploads)
      .values({
        platform: 'dtrack',
        userId: admin.user.id,
        kind: 'image',
        storageKey: 'dtrack/pv/og.jpg',
        thumbnailKey: 'dtrack/pv/og-thumb.webp',
        contentType: 'image/jpeg',
        byteSize: 1,
        filename: 'og.jpg',
      })
      .returning();
    const res = await create(admin, valid({ slug: 'co-anh', meta_image_id: img.id }));
    expect(json(res).data.page_view).toMatchObject({
      meta_image: { id: img.id, url: '/uploads/dtrack/pv/og.jpg' },
      meta: { image_url: '/uploads/dtrack/pv/og.jpg' },
    });
    const foreign = await create(otherAdmin, valid({ slug: 'anh-la', meta_image_id: img.id }));
    expect(foreign.statusCode).toBe(422);
    expect(json(foreign).meta.errors[0].field).toBe('meta_image_id');
  });

  it('scopes to the platform and needs the post abilities', async () => {
    const page = await buildPageView(t.db, { platform: 'dtrack' });
    for (const [method, url] of [
      ['GET', `${URL}/${page.id}`],
      ['GET', `${URL}/${page.id}/history`],
      ['DELETE', `${URL}/${page.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: as(otherAdmin) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await replace(otherAdmin, page.id, valid({ slug: 'x' }))).statusCode).toBe(404);
    expect((await get(reader, `/${page.id}`)).statusCode).toBe(200);
    expect((await create(reader, valid({ slug: 'khong-duoc' }))).statusCode).toBe(403);
    expect((await replace(reader, page.id, valid({ slug: 'khong-duoc' }))).statusCode).toBe(403);
    expect((await get(support)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/client/page_views/:id', () => {
  it('answers a published page view of the host platform by slug or id; a draft or another platform is 404', async () => {
    const page = await buildPageView(t.db, {
      platform: 'foodmap',
      slug: INFORMATION_SECURITY_SLUG,
      title: 'Chính sách bảo vệ dữ liệu cá nhân',
      body: '<h2>1. Phạm vi</h2><p>Theo Nghị định 13/2023/NĐ-CP.</p>',
      metaDescription: null,
    });
    const draft = await buildPageView(t.db, { platform: 'foodmap', status: 'draft' });
    const res = await publicGet('foodmap', INFORMATION_SECURITY_SLUG);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.page_view).toMatchObject({
      id: page.id,
      slug: INFORMATION_SECURITY_SLUG,
      meta: {
        title: 'Chính sách bảo vệ dữ liệu cá nhân',
        description: '1. Phạm vi Theo Nghị định 13/2023/NĐ-CP.',
        image_url: null,
      },
    });
    expect(json(await publicGet('foodmap', String(page.id))).data.page_view.id).toBe(page.id);
    expect((await publicGet('foodmap', draft.slug)).statusCode).toBe(404);
    expect((await publicGet('foodmap', String(draft.id))).statusCode).toBe(404);
    expect((await publicGet('dtrack', INFORMATION_SECURITY_SLUG)).statusCode).toBe(404);
    expect(await findPublishedPageView(t.db, 'foodmap', INFORMATION_SECURITY_SLUG)).toMatchObject({ id: page.id });
    const slugs = (await listPublishedPageViewSlugs(t.db, 'foodmap')).map((s) => s.slug);
    expect(slugs).toContain(INFORMATION_SECURITY_SLUG);
    expect(slugs).not.toContain(draft.slug);
  });
});
