import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminPost, PlatformKey, PublicPost, PublicPostSummary } from '@agrihub/contract';
import { activity, posts, uploads } from '../../db/schema/index.js';
import { buildContentCast } from '../../../test/content-cast.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildPost, buildPostCategory, buildUser, type Built, type PostCategoryRow } from '../../../test/factories.js';
import { publishDuePosts } from './publisher.js';
import { VIEW_COUNTS_PER_MIN } from './views.js';
import { findPublishedPost, findPostCategoryName, listPublishedPostUrls } from './public-queries.js';

/**
 * Posts (DESIGN §5.4, ADR 016): the back office's CRUD and its rules (slug, leaf category, uploads,
 * schedule, published_at, history), the status a due scheduled post reads as, the job that flips
 * it, platform scope and abilities; the public list and page (published only, meta fallbacks,
 * related posts, view count) and the queries the SEO pages import.
 */
let t: TestApp;
let admin: Built;
let otherAdmin: Built;
let reader: Built;
let editor: Built;
let support: Built;
let leaf: PostCategoryRow;
let parent: PostCategoryRow;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, otherAdmin, reader, support } = await buildContentCast(t.db, 'agrihub', 'foodmap', {
    adminName: 'Quản trị AgriHub',
  }));
  editor = await buildUser(t.db, {
    platform: 'agrihub',
    roles: ['customer_support'],
    abilities: [
      { action: 'read', subject: 'post' },
      { action: 'create', subject: 'post' },
      { action: 'update', subject: 'post' },
    ],
  });
  parent = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Tin tức' });
  leaf = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Thị trường nông sản', parentId: parent.id });
  await buildPostCategory(t.db, { platform: 'agrihub', name: 'Chính sách', parentId: parent.id });
});
afterAll(() => t.close());

const URL = '/api/v1/admin/posts';
const future = (ms = 3_600_000) => new Date(Date.now() + ms).toISOString();
const valid = (over: Record<string, unknown> = {}) => ({
  title: 'Giá cà phê Đắk Lắk tăng mạnh',
  summary: 'Giá cà phê nhân xô tại Tây Nguyên lên mức cao nhất trong năm.',
  body: '<h2>Diễn biến</h2><p>Giá cà phê <strong>tăng</strong>.</p>',
  category_id: leaf.id,
  status: 'draft',
  ...over,
});
const create = (u: Built, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'POST', url: URL, headers: as(u, locale), payload });
const replace = (u: Built, id: number, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: as(u, locale), payload });
const get = (u: Built, path: string) => t.app.inject({ method: 'GET', url: `${URL}${path}`, headers: as(u) });
const publicGet = (
  platform: PlatformKey,
  path: string,
  remoteAddress = `10.70.${Math.floor(++ip / 250)}.${ip % 250}`,
) => t.app.inject({ method: 'GET', url: `/api/v1/client${path}`, headers: headers(platform), remoteAddress });

async function made(payload: object, u: Built = admin): Promise<AdminPost> {
  const res = await create(u, payload);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { post: AdminPost } }>(res).data.post;
}

let uploadSeq = 0;
async function upload(platform: PlatformKey, kind = 'image', userId: number | null = admin.user.id) {
  const n = ++uploadSeq;
  const [row] = await t.db
    .insert(uploads)
    .values({
      platform,
      userId,
      kind,
      storageKey: `${platform}/test/cover-${n}.jpg`,
      thumbnailKey: kind === 'image' ? `${platform}/test/cover-${n}-thumb.webp` : null,
      contentType: kind === 'image' ? 'image/jpeg' : 'application/pdf',
      byteSize: 10,
      filename: `cover-${n}.jpg`,
    })
    .returning();
  return row;
}

const historyOf = async (id: number) => {
  const res = await get(admin, `/${id}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { history: { action: string; from: string | null; to: string | null; detail: any }[] } }>(res)
    .data.history;
};

describe('POST /api/v1/admin/posts', () => {
  it('creates a draft with its slug from the title, its author, category path and meta after fallbacks', async () => {
    const p = await made(valid());
    expect(p).toMatchObject({
      title: 'Giá cà phê Đắk Lắk tăng mạnh',
      slug: 'gia-ca-phe-dak-lak-tang-manh',
      status: 'draft',
      published_at: null,
      publish_at: null,
      view_count: 0,
      author: { id: admin.user.id, name: 'Quản trị AgriHub' },
      category: { id: leaf.id, name: 'Thị trường nông sản', path: 'Tin tức > Thị trường nông sản' },
      cover: null,
      meta_title: null,
      meta_description: null,
      meta_image: null,
      meta: {
        title: 'Giá cà phê Đắk Lắk tăng mạnh',
        description: 'Giá cà phê nhân xô tại Tây Nguyên lên mức cao nhất trong năm.',
        image_url: null,
      },
    });
    const history = await historyOf(p.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'create', from: null, to: 'draft' });
  });

  it('makes the slug unique on the platform with -2, -3…; another platform may reuse it', async () => {
    const a = await made(valid({ title: 'Mùa vụ mới 2026' }));
    const b = await made(valid({ title: 'Mùa vụ mới 2026' }));
    const c = await made(valid({ title: 'Mùa vụ mới 2026' }));
    expect([a.slug, b.slug, c.slug]).toEqual(['mua-vu-moi-2026', 'mua-vu-moi-2026-2', 'mua-vu-moi-2026-3']);
    const foodmapLeaf = await buildPostCategory(t.db, { platform: 'foodmap' });
    const res = await create(otherAdmin, valid({ title: 'Mùa vụ mới 2026', category_id: foodmapLeaf.id }));
    expect(json(res).data.post.slug).toBe('mua-vu-moi-2026');
    const signs = await made(valid({ title: '!!! ???' }));
    expect(signs.slug).toBe('bai-viet');
  });

  it('keeps a given slug; one already taken on the platform is 409 slugTaken', async () => {
    const p = await made(valid({ slug: 'gia-lua-hom-nay' }));
    expect(p.slug).toBe('gia-lua-hom-nay');
    const res = await create(admin, valid({ slug: 'gia-lua-hom-nay' }), 'en');
    expect(res.statusCode).toBe(409);
    expect(json(res).meta).toMatchObject({
      code: 'slugTaken',
      message: 'The URL slug "gia-lua-hom-nay" is already in use; please choose another one.',
      errors: [{ field: 'slug' }],
    });
  });

  it("answers 422 with each field's message in the caller's language", async () => {
    const vi = await create(admin, { ...valid(), title: ' ', body: '', slug: 'Có Dấu', status: 'bogus' });
    expect(vi.statusCode).toBe(422);
    const byField = Object.fromEntries(json(vi).meta.errors.map((e: any) => [e.field, e.message]));
    expect(byField).toMatchObject({
      title: 'Vui lòng nhập tiêu đề.',
      body: 'Vui lòng nhập nội dung.',
      slug: 'Đường dẫn chỉ gồm chữ thường không dấu, chữ số và dấu gạch ngang (ví dụ: gioi-thieu).',
      status: 'Trạng thái bài viết không hợp lệ.',
    });
    const en = await create(
      admin,
      { ...valid(), title: 'x'.repeat(201), summary: 'x'.repeat(501), meta_description: 'x'.repeat(301) },
      'en',
    );
    const enByField = Object.fromEntries(json(en).meta.errors.map((e: any) => [e.field, e.message]));
    expect(enByField).toMatchObject({
      title: 'The title is too long: at most 200 characters.',
      summary: 'The summary is too long: at most 500 characters.',
      meta_description: 'The SEO description is too long: at most 300 characters.',
    });
    const noCategory = await create(admin, { ...valid(), category_id: undefined });
    expect(json(noCategory).meta.errors).toEqual([{ field: 'category_id', message: expect.any(String) }]);
  });

  it('cleans the body; one with nothing left is 422 pleaseInputBody', async () => {
    const p = await made(valid({ body: '<p onclick="x()">Xin chào<script>alert(1)</script></p>' }));
    expect(p.body).toBe('<p>Xin chào</p>');
    const res = await create(admin, valid({ body: '<script>alert(1)</script><p> </p>' }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([{ field: 'body', message: 'Vui lòng nhập nội dung.' }]);
  });

  it('needs a leaf category of the platform (422 categoryNotLeaf / invalidCategory)', async () => {
    const notLeaf = await create(admin, valid({ category_id: parent.id }));
    expect(notLeaf.statusCode).toBe(422);
    expect(json(notLeaf).meta.errors).toEqual([
      { field: 'category_id', message: 'Vui lòng chọn danh mục cấp cuối cùng (không có danh mục con).' },
    ]);
    const foreign = await buildPostCategory(t.db, { platform: 'foodmap' });
    const res = await create(admin, valid({ category_id: foreign.id }));
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual([{ field: 'category_id', message: 'Danh mục không tồn tại.' }]);
  });

  it("takes a cover and meta image among the editor's own image uploads (422 invalidUpload otherwise)", async () => {
    const cover = await upload('agrihub');
    const metaImage = await upload('agrihub');
    const p = await made(valid({ cover_id: cover.id, meta_image_id: metaImage.id }));
    expect(p.cover).toEqual({
      id: cover.id,
      url: `/uploads/${cover.storageKey}`,
      thumbnail_url: `/uploads/${cover.thumbnailKey}`,
    });
    expect(p.meta_image).toEqual({ id: metaImage.id, url: `/uploads/${metaImage.storageKey}` });
    expect(p.meta.image_url).toBe(`/uploads/${metaImage.storageKey}`);
    const foreign = await upload('foodmap', 'image', otherAdmin.user.id);
    const pdf = await upload('agrihub', 'attachment');
    // Another account's upload of the platform: attached only by whoever uploaded it (ADR 033).
    const readers = await upload('agrihub', 'image', reader.user.id);
    for (const [field, id] of [
      ['cover_id', foreign.id],
      ['meta_image_id', readers.id],
      ['cover_id', pdf.id],
      ['meta_image_id', foreign.id],
      ['cover_id', 999999],
    ] as const) {
      const res = await create(admin, valid({ [field]: id }));
      expect(res.statusCode, `${field} ${id}`).toBe(422);
      expect(json(res).meta.errors).toEqual([
        { field, message: 'Tệp đính kèm không tồn tại hoặc không thuộc đơn vị của bạn.' },
      ]);
    }
  });

  it('schedules only in the future: publish_at required (422) and not past (422 publishAtPast)', async () => {
    const missing = await create(admin, valid({ status: 'scheduled' }));
    expect(missing.statusCode).toBe(422);
    expect(json(missing).meta.errors).toEqual([{ field: 'publish_at', message: 'Vui lòng chọn thời điểm đăng bài.' }]);
    const past = await create(admin, valid({ status: 'scheduled', publish_at: '2020-01-01T08:00:00+07:00' }), 'en');
    expect(past.statusCode).toBe(422);
    expect(json(past).meta.errors).toEqual([
      { field: 'publish_at', message: 'The scheduled time must be in the future.' },
    ]);
    const at = future();
    const p = await made(valid({ status: 'scheduled', publish_at: at }));
    expect(p).toMatchObject({ status: 'scheduled', publish_at: at, published_at: null });
    expect((await historyOf(p.id))[0]).toMatchObject({ action: 'create', to: 'scheduled' });
  });
});

describe('PUT /api/v1/admin/posts/:id', () => {
  it('publishes (published_at set once, kept on later edits and a re-publication), each save one history row', async () => {
    const p = await made(valid({ title: 'Chính sách hỗ trợ nông dân' }));
    const pub = await replace(admin, p.id, valid({ title: 'Chính sách hỗ trợ nông dân', status: 'published' }));
    expect(pub.statusCode, pub.body).toBe(200);
    const published = json<{ data: { post: AdminPost } }>(pub).data.post;
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();
    expect(published.slug).toBe('chinh-sach-ho-tro-nong-dan');
    expect(json(pub).meta.message).toBe('Đã cập nhật bài viết.');

    const edited = await replace(admin, p.id, valid({ title: 'Chính sách mới', status: 'published' }));
    expect(json(edited).data.post).toMatchObject({
      title: 'Chính sách mới',
      slug: 'chinh-sach-ho-tro-nong-dan',
      published_at: published.published_at,
    });
    await replace(admin, p.id, valid({ title: 'Chính sách mới', status: 'draft' }));
    const again = await replace(admin, p.id, valid({ title: 'Chính sách mới', status: 'published' }));
    expect(json(again).data.post.published_at).toBe(published.published_at);

    const history = await historyOf(p.id);
    expect(history.map((h) => h.action)).toEqual(['publish', 'unpublish', 'update', 'publish', 'create']);
    expect(history[2].detail).toMatchObject({
      fields: ['title'],
      changes: { title: ['Chính sách hỗ trợ nông dân', 'Chính sách mới'] },
    });
  });

  it('changes the slug when given (409 when another post has it), keeps it otherwise', async () => {
    const a = await made(valid({ slug: 'bai-a' }));
    await made(valid({ slug: 'bai-b' }));
    const same = await replace(admin, a.id, valid({ slug: 'bai-a', title: 'Khác' }));
    expect(same.statusCode).toBe(200);
    const clash = await replace(admin, a.id, valid({ slug: 'bai-b' }));
    expect(clash.statusCode).toBe(409);
    expect(json(clash).meta.code).toBe('slugTaken');
    const renamed = await replace(admin, a.id, valid({ slug: 'bai-a-moi' }));
    expect(json(renamed).data.post.slug).toBe('bai-a-moi');
  });

  it('is 404 for an unknown id', async () => {
    expect((await replace(admin, 999999, valid())).statusCode).toBe(404);
  });
});

describe('scheduled posts', () => {
  it('a due scheduled post reads as published to the back office and is public; a future one is 404 to the public', async () => {
    const due = await buildPost(t.db, {
      platform: 'agrihub',
      categoryId: leaf.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() - 60_000),
    });
    const later = await buildPost(t.db, {
      platform: 'agrihub',
      categoryId: leaf.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    const adminView = json(await get(admin, `/${due.id}`)).data.post;
    expect(adminView).toMatchObject({ status: 'published', published_at: due.publishAt!.toISOString() });
    expect(json(await get(admin, `/${later.id}`)).data.post).toMatchObject({ status: 'scheduled', published_at: null });

    const res = await publicGet('agrihub', `/posts/${due.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.post.published_at).toBe(due.publishAt!.toISOString());
    expect((await publicGet('agrihub', `/posts/${later.slug}`)).statusCode).toBe(404);
    expect((await publicGet('agrihub', `/posts/${later.id}`)).statusCode).toBe(404);
  });

  it('the job flips due scheduled posts to published (published_at = publish_at, one history row) and leaves future ones', async () => {
    const at = new Date(Date.now() - 120_000);
    const due = await buildPost(t.db, { platform: 'agrihub', categoryId: leaf.id, status: 'scheduled', publishAt: at });
    const later = await buildPost(t.db, {
      platform: 'agrihub',
      categoryId: leaf.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    const flipped = await publishDuePosts(t.db);
    expect(flipped).toContain(due.id);
    expect(flipped).not.toContain(later.id);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, due.id));
    expect(row).toMatchObject({ status: 'published', publishedAt: at });
    const [still] = await t.db.select().from(posts).where(eq(posts.id, later.id));
    expect(still.status).toBe('scheduled');
    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'post'), eq(activity.subjectId, due.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'publish', fromStatus: 'scheduled', toStatus: 'published', actorId: null });
    // Nothing left to flip: a second run changes nothing.
    expect(await publishDuePosts(t.db)).not.toContain(due.id);
    // The app's job runs the same (started by tests only when asked).
    await t.db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, later.id));
    expect(await t.app.postPublisher.runOnce()).toContain(later.id);
  });

  it('an edit of a due scheduled post (read as published) publishes it at its scheduled time', async () => {
    const at = new Date(Date.now() - 60_000);
    const due = await buildPost(t.db, { platform: 'agrihub', categoryId: leaf.id, status: 'scheduled', publishAt: at });
    const res = await replace(admin, due.id, valid({ title: due.title, status: 'published' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.post).toMatchObject({ status: 'published', published_at: at.toISOString() });
    // It was already public: the edit is an update, not a publication.
    expect((await historyOf(due.id))[0]).toMatchObject({ action: 'update', from: 'published', to: 'published' });
  });
});

describe('GET /api/v1/admin/posts', () => {
  it('filters by status (a due scheduled post is published), category with its subtree and q without accents; counts per status', async () => {
    const root = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Kiến thức' });
    const sub = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Truy xuất', parentId: root.id });
    const draft = await buildPost(t.db, {
      platform: 'agrihub',
      categoryId: sub.id,
      status: 'draft',
      title: 'Hướng dẫn truy xuất nguồn gốc',
    });
    const pub = await buildPost(t.db, { platform: 'agrihub', categoryId: sub.id, title: 'Mã QR trên bao bì' });
    const due = await buildPost(t.db, {
      platform: 'agrihub',
      categoryId: sub.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() - 1000),
    });
    const res = await get(admin, `?category_id=${root.id}&sort=title`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: { posts: AdminPost[] }; meta: any }>(res);
    expect(body.data.posts.map((p) => p.id).sort()).toEqual([draft.id, pub.id, due.id].sort());
    expect(body.data.posts[0]).not.toHaveProperty('body');
    expect(body.meta).toMatchObject({
      total_count: 3,
      current_page: 1,
      per_page: 20,
      counts: { draft: 1, published: 2, scheduled: 0 },
    });
    const published = json(await get(admin, `?category_id=${root.id}&status=published`));
    expect(published.data.posts.map((p: AdminPost) => p.id).sort()).toEqual([pub.id, due.id].sort());
    expect(published.meta.counts).toEqual({ draft: 1, published: 2, scheduled: 0 });
    const found = json(await get(admin, `?q=${encodeURIComponent('HUONG DAN truy xuat')}`));
    expect(found.data.posts.map((p: AdminPost) => p.id)).toEqual([draft.id]);
    const paged = json(await get(admin, `?category_id=${root.id}&per_page=2&page=2&sort=-created_at`));
    expect(paged.data.posts).toHaveLength(1);
    expect(paged.meta).toMatchObject({ total_count: 3, current_page: 2, per_page: 2 });
  });

  it('refuses an unknown sort, status or category id (422)', async () => {
    for (const q of ['?sort=body', '?status=gone', '?category_id=abc', '?per_page=500']) {
      const res = await get(admin, q);
      expect(res.statusCode, q).toBe(422);
    }
  });
});

describe('DELETE /api/v1/admin/posts/:id', () => {
  it('deletes the post with a history row; then it is 404', async () => {
    const p = await made(valid());
    const res = await t.app.inject({ method: 'DELETE', url: `${URL}/${p.id}`, headers: as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).meta.message).toBe('Đã xóa bài viết.');
    expect((await get(admin, `/${p.id}`)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'post'), eq(activity.subjectId, p.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete']);
  });
});

describe('platform scope and abilities', () => {
  it("another platform's admin gets 404 on every admin call of a post", async () => {
    const p = await made(valid());
    const h = as(otherAdmin);
    for (const [method, url] of [
      ['GET', `${URL}/${p.id}`],
      ['GET', `${URL}/${p.id}/history`],
      ['DELETE', `${URL}/${p.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: h });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const foodmapLeaf = await buildPostCategory(t.db, { platform: 'foodmap' });
    expect((await replace(otherAdmin, p.id, valid({ category_id: foodmapLeaf.id }))).statusCode).toBe(404);
    const list = json(await get(otherAdmin, ''));
    expect(list.data.posts.some((x: AdminPost) => x.id === p.id)).toBe(false);
  });

  it('customer support without post abilities cannot read, create or edit posts (403)', async () => {
    const p = await made(valid());
    expect((await get(support, '')).statusCode).toBe(403);
    expect((await get(support, `/${p.id}`)).statusCode).toBe(403);
    expect((await create(support, valid())).statusCode).toBe(403);
    expect((await replace(support, p.id, valid())).statusCode).toBe(403);
  });

  it('read only lists and reads; create/update write; deleting needs manage', async () => {
    const p = await made(valid());
    expect((await get(reader, '')).statusCode).toBe(200);
    expect((await get(reader, `/${p.id}`)).statusCode).toBe(200);
    expect((await get(reader, `/${p.id}/history`)).statusCode).toBe(200);
    expect((await create(reader, valid())).statusCode).toBe(403);
    expect((await replace(reader, p.id, valid())).statusCode).toBe(403);
    expect((await create(editor, valid())).statusCode).toBe(201);
    expect((await replace(editor, p.id, valid({ title: 'Sửa' }))).statusCode).toBe(200);
    const del = (u: Built) => t.app.inject({ method: 'DELETE', url: `${URL}/${p.id}`, headers: as(u) });
    expect((await del(editor)).statusCode).toBe(403);
    expect((await del(admin)).statusCode).toBe(200);
  });
});

describe('public posts', () => {
  let cat: PostCategoryRow;
  let other: PostCategoryRow;
  beforeAll(async () => {
    const root = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Tin tức' });
    cat = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Thị trường', parentId: root.id });
    other = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Chính sách', parentId: root.id });
  });

  it("lists the host platform's published posts only, newest first, with category subtree, q without accents, sort and paging", async () => {
    const root2 = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Gốc riêng' });
    const leaf2 = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Lá riêng', parentId: root2.id });
    const old = await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: leaf2.id,
      title: 'Sầu riêng Đắk Lắk xuất khẩu',
      publishedAt: new Date(Date.now() - 86_400_000),
      viewCount: 50,
    });
    const recent = await buildPost(t.db, { platform: 'dtrack', categoryId: leaf2.id, title: 'Thanh long Bình Thuận' });
    const due = await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: leaf2.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() - 3_600_000),
    });
    await buildPost(t.db, { platform: 'dtrack', categoryId: leaf2.id, status: 'draft' });
    await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: leaf2.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    await buildPost(t.db, { platform: 'foodmap', title: 'Sầu riêng Foodmap' });

    const res = await publicGet('dtrack', `/posts?category_id=${root2.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: { posts: PublicPostSummary[] }; meta: any }>(res);
    expect(body.data.posts.map((p) => p.id)).toEqual([recent.id, due.id, old.id]);
    expect(body.meta).toMatchObject({ total_count: 3 });
    expect(body.data.posts[0]).not.toHaveProperty('body');
    expect(body.data.posts[1].published_at).toBe(due.publishAt!.toISOString());
    expect(body.data.posts[0].category).toEqual({ id: leaf2.id, name: 'Lá riêng', path: 'Gốc riêng > Lá riêng' });

    const search = json(await publicGet('dtrack', `/posts?q=${encodeURIComponent('sau rieng dak lak')}`));
    expect(search.data.posts.map((p: PublicPostSummary) => p.id)).toEqual([old.id]);
    const byViews = json(await publicGet('dtrack', `/posts?category_id=${root2.id}&sort=-view_count&per_page=1`));
    expect(byViews.data.posts.map((p: PublicPostSummary) => p.id)).toEqual([old.id]);
    expect(byViews.meta).toMatchObject({ total_count: 3, per_page: 1 });
    expect((await publicGet('dtrack', '/posts?sort=title')).statusCode).toBe(422);
    expect((await publicGet('dtrack', '/posts?category_id=0')).statusCode).toBe(422);
  });

  it('answers a post by id or slug with meta fallbacks and related posts (same category first, then siblings; newest first)', async () => {
    const cover = await upload('dtrack', 'image', null);
    const longBody = `<h2>Tiêu đề</h2><p>${'Nông sản sạch &amp; an toàn. '.repeat(20)}</p>`;
    const post = await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: cat.id,
      title: 'Giá lúa tăng',
      slug: 'gia-lua-tang',
      summary: null,
      body: longBody,
      coverId: cover.id,
      publishedAt: new Date(Date.now() - 10_000),
    });
    const same1 = await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: cat.id,
      publishedAt: new Date(Date.now() - 20_000),
    });
    const same2 = await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: cat.id,
      publishedAt: new Date(Date.now() - 5_000),
    });
    const sib = await buildPost(t.db, { platform: 'dtrack', categoryId: other.id, publishedAt: new Date() });
    await buildPost(t.db, { platform: 'dtrack', categoryId: cat.id, status: 'draft' });

    const bySlug = await publicGet('dtrack', '/posts/gia-lua-tang');
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    const { post: p, related } = json<{ data: { post: PublicPost; related: PublicPostSummary[] } }>(bySlug).data;
    expect(p).toMatchObject({ id: post.id, title: 'Giá lúa tăng', body: longBody });
    expect(p.cover?.url).toBe(`/uploads/${cover.storageKey}`);
    expect(p.meta.title).toBe('Giá lúa tăng');
    expect(p.meta.description.length).toBeLessThanOrEqual(160);
    expect(p.meta.description.startsWith('Tiêu đề Nông sản sạch & an toàn.')).toBe(true);
    expect(p.meta.description.endsWith('…')).toBe(true);
    expect(p.meta.image_url).toBe(`/uploads/${cover.storageKey}`);
    expect(related.map((r) => r.id)).toEqual([same2.id, same1.id, sib.id]);

    const byId = await publicGet('dtrack', `/posts/${post.id}`);
    expect(json(byId).data.post.slug).toBe('gia-lua-tang');
    await t.db
      .update(posts)
      .set({ metaTitle: 'Tiêu đề SEO', metaDescription: 'Mô tả SEO', summary: 'Tóm tắt' })
      .where(eq(posts.id, post.id));
    const meta = json(await publicGet('dtrack', '/posts/gia-lua-tang')).data.post.meta;
    expect(meta).toEqual({ title: 'Tiêu đề SEO', description: 'Mô tả SEO', image_url: `/uploads/${cover.storageKey}` });
    await t.db.update(posts).set({ metaDescription: null, coverId: null }).where(eq(posts.id, post.id));
    const meta2 = json(await publicGet('dtrack', '/posts/gia-lua-tang')).data.post.meta;
    expect(meta2).toEqual({ title: 'Tiêu đề SEO', description: 'Tóm tắt', image_url: null });
  });

  it('is 404 for a draft, a future scheduled post, an unknown slug and another platform', async () => {
    const draft = await buildPost(t.db, { platform: 'dtrack', categoryId: cat.id, status: 'draft' });
    const foodmap = await buildPost(t.db, { platform: 'foodmap' });
    for (const path of [`/posts/${draft.id}`, `/posts/${draft.slug}`, '/posts/khong-co', `/posts/${foodmap.id}`]) {
      const res = await publicGet('dtrack', path);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('counts one view per public read (one atomic UPDATE); a client past its view budget is answered but not counted', async () => {
    const p = await buildPost(t.db, { platform: 'dtrack', categoryId: cat.id, viewCount: 7 });
    const first = json(await publicGet('dtrack', `/posts/${p.slug}`, '10.80.0.1'));
    expect(first.data.post.view_count).toBe(8);
    await publicGet('dtrack', `/posts/${p.id}`, '10.80.0.2');
    await publicGet('dtrack', `/posts/${p.id}`, '10.80.0.2');
    const [row] = await t.db.select().from(posts).where(eq(posts.id, p.id));
    expect(row.viewCount).toBe(10);
    // The reads counted meanwhile are not lost: the increments are atomic.
    await Promise.all(Array.from({ length: 10 }, (_, i) => publicGet('dtrack', `/posts/${p.id}`, `10.81.0.${i}`)));
    const [after] = await t.db.select().from(posts).where(eq(posts.id, p.id));
    expect(after.viewCount).toBe(20);
    // One client's loop stops counting at its budget.
    t.app.postViews.reset();
    for (let i = 0; i < VIEW_COUNTS_PER_MIN + 5; i++) await publicGet('dtrack', `/posts/${p.id}`, '10.82.0.1');
    const [capped] = await t.db.select().from(posts).where(eq(posts.id, p.id));
    expect(capped.viewCount).toBe(20 + VIEW_COUNTS_PER_MIN);
    // The admin list and the public page do not count.
    await t.app.inject({ method: 'GET', url: '/api/v1/client/posts', headers: headers('dtrack') });
    const [same] = await t.db.select().from(posts).where(eq(posts.id, p.id));
    expect(same.viewCount).toBe(capped.viewCount);
  });
});

describe('public queries for the SEO pages', () => {
  it('findPublishedPost, listPublishedPostUrls and findPostCategoryName read published posts of the platform', async () => {
    const root = await buildPostCategory(t.db, { platform: 'foodmap', name: 'Ẩm thực' });
    const post = await buildPost(t.db, { platform: 'foodmap', categoryId: root.id, slug: 'pho-ha-noi', viewCount: 3 });
    const draft = await buildPost(t.db, { platform: 'foodmap', categoryId: root.id, status: 'draft' });
    const found = await findPublishedPost(t.db, 'foodmap', 'pho-ha-noi');
    expect(found).toMatchObject({ id: post.id, slug: 'pho-ha-noi', view_count: 3, category: { name: 'Ẩm thực' } });
    expect(await findPublishedPost(t.db, 'foodmap', String(post.id))).toMatchObject({ id: post.id });
    expect(await findPublishedPost(t.db, 'dtrack', 'pho-ha-noi')).toBeNull();
    expect(await findPublishedPost(t.db, 'foodmap', draft.slug)).toBeNull();
    // No view counted.
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row.viewCount).toBe(3);
    const urls = await listPublishedPostUrls(t.db, 'foodmap');
    expect(urls.map((u) => u.slug)).toContain('pho-ha-noi');
    expect(urls.map((u) => u.slug)).not.toContain(draft.slug);
    expect(urls[0].updated_at).toBeInstanceOf(Date);
    expect(await findPostCategoryName(t.db, 'foodmap', root.id)).toBe('Ẩm thực');
    expect(await findPostCategoryName(t.db, 'dtrack', root.id)).toBeNull();
  });
});
