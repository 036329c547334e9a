import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PostCategory } from '@agrihub/contract';
import { postCategories } from '../../db/schema/index.js';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildContentCast } from '../../../test/content-cast.js';
import { buildPost, buildPostCategory, type Built } from '../../../test/factories.js';

/**
 * Post categories (DESIGN §5.4): the tree's rules (parent of the platform, no cycle, posts only in
 * leaves, delete only when empty, path), platform scope, abilities, and the public tree with
 * published counts.
 */
let t: TestApp;
let admin: Built;
let otherAdmin: Built;
let reader: Built;
let support: Built;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, otherAdmin, reader, support } = await buildContentCast(t.db, 'agrihub', 'foodmap'));
});
afterAll(() => t.close());

const URL = '/api/v1/admin/post_categories';
const create = (u: Built, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'POST', url: URL, headers: as(u, locale), payload });
const update = (u: Built, id: number, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: as(u, locale), payload });
const remove = (u: Built, id: number, locale = 'vi') =>
  t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: as(u, locale) });
const tree = async (u: Built) => {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: as(u) });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { category_posts: PostCategory[] } }>(res).data.category_posts;
};

async function made(u: Built, payload: object): Promise<PostCategory> {
  const res = await create(u, payload);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ data: { category_post: PostCategory } }>(res).data.category_post;
}

describe('admin post categories', () => {
  it('adds categories two levels deep; each answers its path joined with " > " and whether it is a leaf', async () => {
    const root = await made(admin, { name: '  Tin tức  ' });
    expect(root).toMatchObject({ name: 'Tin tức', parent_id: null, path: 'Tin tức', is_leaf: true, post_count: 0 });
    const child = await made(admin, { name: 'Thị trường nông sản', parent_id: root.id });
    expect(child).toMatchObject({ parent_id: root.id, path: 'Tin tức > Thị trường nông sản', is_leaf: true });
    const grandchild = await made(admin, { name: 'Giá lúa gạo', parent_id: child.id });
    expect(grandchild.path).toBe('Tin tức > Thị trường nông sản > Giá lúa gạo');
    const all = await tree(admin);
    expect(all.find((c) => c.id === root.id)).toMatchObject({ is_leaf: false });
    expect(all.find((c) => c.id === child.id)).toMatchObject({ is_leaf: false });
    expect(all.find((c) => c.id === grandchild.id)).toMatchObject({ is_leaf: true });
  });

  it('counts the posts of every status in the category and its subtree', async () => {
    const root = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Đếm bài' });
    const leaf = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Lá', parentId: root.id });
    await buildPost(t.db, { platform: 'agrihub', categoryId: leaf.id });
    await buildPost(t.db, { platform: 'agrihub', categoryId: leaf.id, status: 'draft' });
    const all = await tree(admin);
    expect(all.find((c) => c.id === leaf.id)?.post_count).toBe(2);
    expect(all.find((c) => c.id === root.id)?.post_count).toBe(2);
  });

  it("refuses a parent of another platform or unknown (422 on parent_id), in the caller's language", async () => {
    const foreign = await buildPostCategory(t.db, { platform: 'foodmap' });
    for (const parent_id of [foreign.id, 999999]) {
      const res = await create(admin, { name: 'Con', parent_id }, 'en');
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res).meta.errors).toEqual([{ field: 'parent_id', message: 'This category does not exist.' }]);
    }
  });

  it('validates the name (422 in vi and en)', async () => {
    const vi = await create(admin, { name: '   ' });
    expect(vi.statusCode).toBe(422);
    expect(json(vi).meta.errors).toEqual([{ field: 'name', message: 'Vui lòng nhập tên danh mục.' }]);
    const en = await create(admin, { name: 'x'.repeat(121) }, 'en');
    expect(json(en).meta.errors).toEqual([
      { field: 'name', message: 'The category name is too long: at most 120 characters.' },
    ]);
  });

  it('renames and moves a category; its path follows', async () => {
    const a = await made(admin, { name: 'Kiến thức' });
    const b = await made(admin, { name: 'Kỹ thuật canh tác' });
    const res = await update(admin, b.id, { parent_id: a.id, name: 'Kỹ thuật trồng trọt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.category_post).toMatchObject({
      name: 'Kỹ thuật trồng trọt',
      parent_id: a.id,
      path: 'Kiến thức > Kỹ thuật trồng trọt',
    });
    expect(json(res).meta.message).toBe('Đã cập nhật danh mục.');
    // A rename alone keeps the parent.
    const renamed = await update(admin, b.id, { name: 'Kỹ thuật canh tác' });
    expect(json(renamed).data.category_post).toMatchObject({ parent_id: a.id, path: 'Kiến thức > Kỹ thuật canh tác' });
    const back = await update(admin, b.id, { parent_id: null });
    expect(json(back).data.category_post).toMatchObject({ parent_id: null, path: 'Kỹ thuật canh tác' });
  });

  it('refuses a move that makes a cycle: under itself or under its subtree (409)', async () => {
    const a = await made(admin, { name: 'Gốc A' });
    const b = await made(admin, { name: 'Con B', parent_id: a.id });
    const c = await made(admin, { name: 'Cháu C', parent_id: b.id });
    for (const parent_id of [a.id, b.id, c.id]) {
      const res = await update(admin, a.id, { parent_id });
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res).meta).toMatchObject({
        code: 'categoryCycle',
        message: 'Không thể chuyển danh mục "Gốc A" vào chính nó hoặc vào một danh mục con của nó.',
      });
    }
    const en = await update(admin, b.id, { parent_id: c.id }, 'en');
    expect(json(en).meta.message).toBe(
      'The category "Con B" cannot be moved into itself or into one of its sub-categories.',
    );
    const [row] = await t.db.select().from(postCategories).where(eq(postCategories.id, a.id));
    expect(row.parentId).toBeNull();
  });

  it('keeps posts in leaves: a category with posts gets no child, by create or by move (409)', async () => {
    const leaf = await buildPostCategory(t.db, { platform: 'agrihub', name: 'Có bài' });
    await buildPost(t.db, { platform: 'agrihub', categoryId: leaf.id });
    const res = await create(admin, { name: 'Con', parent_id: leaf.id });
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res).meta).toMatchObject({
      code: 'categoryParentHasPosts',
      message:
        'Danh mục "Có bài" đang có 1 bài viết nên không thể thêm danh mục con: bài viết chỉ nằm ở danh mục cấp cuối cùng.',
    });
    const other = await made(admin, { name: 'Đi chuyển' });
    const moved = await update(admin, other.id, { parent_id: leaf.id });
    expect(moved.statusCode).toBe(409);
    expect(json(moved).meta.code).toBe('categoryParentHasPosts');
  });

  it('deletes only an empty category: 409 naming its children or its posts', async () => {
    const parent = await made(admin, { name: 'Cha' });
    const child = await made(admin, { name: 'Con', parent_id: parent.id });
    const withChildren = await remove(admin, parent.id);
    expect(withChildren.statusCode).toBe(409);
    expect(json(withChildren).meta).toMatchObject({
      code: 'categoryHasChildren',
      message: 'Không thể xóa danh mục "Cha" vì danh mục này còn 1 danh mục con.',
    });
    await buildPost(t.db, { platform: 'agrihub', categoryId: child.id, status: 'draft' });
    const withPosts = await remove(admin, child.id, 'en');
    expect(withPosts.statusCode).toBe(409);
    expect(json(withPosts).meta).toMatchObject({
      code: 'categoryHasPosts',
      message: 'The category "Con" cannot be deleted: it still has 1 posts.',
    });
    const empty = await made(admin, { name: 'Trống' });
    const ok = await remove(admin, empty.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).meta.message).toBe('Đã xóa danh mục.');
    expect((await tree(admin)).some((c) => c.id === empty.id)).toBe(false);
  });

  it("scopes to the platform: another platform's admin neither sees nor touches them (404)", async () => {
    const mine = await made(admin, { name: 'Của AgriHub' });
    expect((await tree(otherAdmin)).some((c) => c.id === mine.id)).toBe(false);
    expect((await update(otherAdmin, mine.id, { name: 'x' })).statusCode).toBe(404);
    expect((await remove(otherAdmin, mine.id)).statusCode).toBe(404);
    const theirs = await made(otherAdmin, { name: 'Của Foodmap' });
    expect((await create(admin, { name: 'Con', parent_id: theirs.id })).statusCode).toBe(422);
    expect((await update(admin, mine.id, { parent_id: theirs.id })).statusCode).toBe(422);
  });

  it('needs the post abilities: read to list, create/update to write, manage to delete', async () => {
    expect((await tree(reader)).length).toBeGreaterThan(0);
    const cat = await buildPostCategory(t.db, { platform: 'agrihub' });
    expect((await create(reader, { name: 'x' })).statusCode).toBe(403);
    expect((await update(reader, cat.id, { name: 'x' })).statusCode).toBe(403);
    expect((await remove(reader, cat.id)).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: URL, headers: as(support) });
    expect(res.statusCode).toBe(403);
    expect((await create(support, { name: 'x' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: URL, headers: headers('agrihub') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/v1/client/category_posts', () => {
  it("lists the host platform's tree with published posts per subtree (a due scheduled post counts, drafts and future ones do not)", async () => {
    const root = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Tin tức' });
    const leaf = await buildPostCategory(t.db, { platform: 'dtrack', name: 'Chính sách', parentId: root.id });
    await buildPost(t.db, { platform: 'dtrack', categoryId: leaf.id });
    await buildPost(t.db, { platform: 'dtrack', categoryId: leaf.id, status: 'draft' });
    await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: leaf.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() - 60_000),
    });
    await buildPost(t.db, {
      platform: 'dtrack',
      categoryId: leaf.id,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    await buildPostCategory(t.db, { platform: 'foodmap', name: 'Của Foodmap' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client/category_posts', headers: headers('dtrack') });
    expect(res.statusCode, res.body).toBe(200);
    const all = json<{ data: { category_posts: PostCategory[] } }>(res).data.category_posts;
    expect(all.map((c) => c.path)).toEqual(['Tin tức > Chính sách', 'Tin tức']);
    expect(all.find((c) => c.id === leaf.id)).toMatchObject({ post_count: 2, is_leaf: true });
    expect(all.find((c) => c.id === root.id)).toMatchObject({ post_count: 2, is_leaf: false });
  });
});
