import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Faq } from '@agrihub/contract';
import { as, createTestApp, headers, json, type TestApp } from '../../../test/helper.js';
import { buildContentCast } from '../../../test/content-cast.js';
import { buildFaq, type Built } from '../../../test/factories.js';

/** FAQs (DESIGN §5.4): the back office's CRUD (groups, order, published), scope, abilities; the public help page. */
let t: TestApp;
let admin: Built;
let otherAdmin: Built;
let reader: Built;
let support: Built;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, otherAdmin, reader, support } = await buildContentCast(t.db, 'foodmap', 'agrihub'));
});
afterAll(() => t.close());

const URL = '/api/v1/admin/faqs';
const valid = (over: Record<string, unknown> = {}) => ({
  question: 'Làm sao để đăng ký tài khoản?',
  answer: '<p>Chọn <strong>Đăng ký</strong> ở góc trên bên phải.</p>',
  group: 'Tài khoản',
  position: 1,
  published: true,
  ...over,
});
const create = (u: Built, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'POST', url: URL, headers: as(u, locale), payload });
const replace = (u: Built, id: number, payload: object, locale = 'vi') =>
  t.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: as(u, locale), payload });
const remove = (u: Built, id: number) => t.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: as(u) });
const list = (u: Built, query = '') => t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: as(u) });

describe('admin FAQs', () => {
  it('adds, edits and deletes a question; the answer is cleaned', async () => {
    const res = await create(admin, valid({ answer: '<p onmouseover="x()">Trả lời<script>alert(1)</script></p>' }));
    expect(res.statusCode, res.body).toBe(201);
    const faq = json<{ data: { faq: Faq } }>(res).data.faq;
    expect(faq).toMatchObject({
      question: 'Làm sao để đăng ký tài khoản?',
      answer: '<p>Trả lời</p>',
      group: 'Tài khoản',
    });
    expect(json(res).meta.message).toBe('Đã thêm câu hỏi.');
    const edited = await replace(admin, faq.id, valid({ question: 'Đăng ký thế nào?', published: false, position: 5 }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited).data.faq).toMatchObject({ question: 'Đăng ký thế nào?', published: false, position: 5 });
    expect((await remove(admin, faq.id)).statusCode).toBe(200);
    expect((await remove(admin, faq.id)).statusCode).toBe(404);
  });

  it("validates in the caller's language; an answer with nothing left after cleaning is 422 pleaseInputAnswer", async () => {
    const vi = await create(admin, { question: '', answer: '<script>x</script>', group: '', position: -1 });
    expect(vi.statusCode).toBe(422);
    const byField = Object.fromEntries(json(vi).meta.errors.map((e: any) => [e.field, e.message]));
    expect(byField).toEqual({
      question: 'Vui lòng nhập câu hỏi.',
      group: 'Vui lòng nhập nhóm câu hỏi.',
      position: 'Thứ tự phải là số nguyên từ 0 đến 10.000.',
    });
    const empty = await create(admin, valid({ answer: '<script>alert(1)</script>' }), 'en');
    expect(empty.statusCode).toBe(422);
    expect(json(empty).meta.errors).toEqual([{ field: 'answer', message: 'Please enter the answer.' }]);
    const en = await create(admin, valid({ question: 'x'.repeat(301), group: 'x'.repeat(101) }), 'en');
    const enByField = Object.fromEntries(json(en).meta.errors.map((e: any) => [e.field, e.message]));
    expect(enByField).toEqual({
      question: 'The question is too long: at most 300 characters.',
      group: 'The group name is too long: at most 100 characters.',
    });
  });

  it('lists by group then position, filters group, published and q (question and answer text, accent-free), pages; data.groups', async () => {
    const a = await buildFaq(t.db, {
      platform: 'foodmap',
      group: 'Tài khoản',
      position: 2,
      question: 'Quên mật khẩu?',
    });
    const b = await buildFaq(t.db, { platform: 'foodmap', group: 'Tài khoản', position: 1, question: 'Đổi email?' });
    const c = await buildFaq(t.db, {
      platform: 'foodmap',
      group: 'Dịch vụ',
      position: 9,
      question: 'Phí dịch vụ?',
      answer: '<p>Miễn phí <strong>đăng ký</strong> lần đầu.</p>',
      published: false,
    });
    await buildFaq(t.db, { platform: 'agrihub', group: 'Kênh bán' });
    const res = await list(admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: { faqs: Faq[]; groups: string[] }; meta: any }>(res);
    expect(body.data.faqs.map((f) => f.id)).toEqual([c.id, b.id, a.id]);
    expect(body.data.groups).toEqual(['Dịch vụ', 'Tài khoản']);
    expect(body.meta).toMatchObject({ total_count: 3 });
    const group = json(await list(admin, `?group=${encodeURIComponent('Tài khoản')}`));
    expect(group.data.faqs.map((f: Faq) => f.id)).toEqual([b.id, a.id]);
    const hidden = json(await list(admin, '?published=false'));
    expect(hidden.data.faqs.map((f: Faq) => f.id)).toEqual([c.id]);
    const q = json(await list(admin, `?q=${encodeURIComponent('mien phi dang ky')}`));
    expect(q.data.faqs.map((f: Faq) => f.id)).toEqual([c.id]);
    // Tag names are not text: "strong" finds nothing.
    expect(json(await list(admin, '?q=strong')).data.faqs).toEqual([]);
    const paged = json(await list(admin, '?per_page=1&page=2'));
    expect(paged.data.faqs.map((f: Faq) => f.id)).toEqual([b.id]);
    expect((await list(admin, '?published=maybe')).statusCode).toBe(422);
  });

  it("scopes to the platform (another platform's admin: 404) and needs the post abilities", async () => {
    const faq = await buildFaq(t.db, { platform: 'foodmap' });
    expect((await replace(otherAdmin, faq.id, valid())).statusCode).toBe(404);
    expect((await remove(otherAdmin, faq.id)).statusCode).toBe(404);
    expect(json(await list(otherAdmin)).data.faqs.some((f: Faq) => f.id === faq.id)).toBe(false);
    expect((await list(reader)).statusCode).toBe(200);
    expect((await create(reader, valid())).statusCode).toBe(403);
    expect((await replace(reader, faq.id, valid())).statusCode).toBe(403);
    expect((await remove(reader, faq.id)).statusCode).toBe(403);
    expect((await list(support)).statusCode).toBe(403);
    expect((await create(support, valid())).statusCode).toBe(403);
  });
});

describe('GET /api/v1/client/faqs', () => {
  it("answers the host platform's published FAQs by group then position, and searches without accents", async () => {
    const t1 = await buildFaq(t.db, {
      platform: 'dtrack',
      group: 'Truy xuất nguồn gốc',
      position: 1,
      question: 'Mã QR là gì?',
    });
    const k1 = await buildFaq(t.db, {
      platform: 'dtrack',
      group: 'Kênh bán',
      position: 2,
      question: 'Bán trên Shopee?',
      answer: '<p>Đăng ký gian hàng ở mục <em>Kênh bán hàng</em>.</p>',
    });
    const k0 = await buildFaq(t.db, { platform: 'dtrack', group: 'Kênh bán', position: 1, question: 'Kênh nào?' });
    await buildFaq(t.db, { platform: 'dtrack', group: 'Kênh bán', published: false });
    await buildFaq(t.db, { platform: 'agrihub', group: 'Tài khoản' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client/faqs', headers: headers('dtrack') });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ data: { faqs: Omit<Faq, 'published'>[]; groups: string[] } }>(res);
    expect(body.data.faqs.map((f) => f.id)).toEqual([k0.id, k1.id, t1.id]);
    expect(body.data.groups).toEqual(['Kênh bán', 'Truy xuất nguồn gốc']);
    expect(body.data.faqs[0]).not.toHaveProperty('published');
    const q = await t.app.inject({
      method: 'GET',
      url: `/api/v1/client/faqs?q=${encodeURIComponent('kenh ban hang')}`,
      headers: headers('dtrack'),
    });
    expect(json(q).data.faqs.map((f: Faq) => f.id)).toEqual([k1.id]);
  });
});
