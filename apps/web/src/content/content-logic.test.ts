import { describe, expect, it, vi } from 'vitest';
import { translate } from '@agrihub/contract/messages/index';
import type { PostCategory } from '@agrihub/contract/schemas/content';
import { buildTree, categoryTrail } from './categories';
import { clientErrors } from './contact-check';
import { emptyContact, serverErrors, toInput, type ContactValues } from './contact-values';
import { pageWindow } from './components/pager';
import { messageText } from './i18n';
import { isContentPath, newsHref, postHref, routeOf } from './route';

// The entry reads its platform from the host when its modules load (AgriHub offers vi and en).
vi.hoisted(() => vi.stubGlobal('window', { location: { host: 'agrihub.localhost' } }));

const vietnamese = (key: string, params?: Record<string, string | number>) => translate('vi', key, params);
const valid: ContactValues = {
  ...emptyContact(),
  name: 'Nguyễn Thị Lan',
  phone: '0912345678',
  message: 'Tôi cần tư vấn truy xuất nguồn gốc.',
  consent: true,
};

describe('public content routes', () => {
  it('reads the news list, a category, a post, the FAQs and the security page from the URL', () => {
    expect(routeOf('/news', '', true)).toEqual({ kind: 'news', categoryId: null, q: '', page: 1 });
    expect(routeOf('/news/', '?q=truy%20xuat&page=3', true)).toEqual({
      kind: 'news',
      categoryId: null,
      q: 'truy xuat',
      page: 3,
    });
    expect(routeOf('/news/categories/7', '?page=0', true)).toEqual({ kind: 'news', categoryId: 7, q: '', page: 1 });
    expect(routeOf('/news/categories/x', '', true)).toEqual({ kind: 'notFound' });
    expect(routeOf('/news/truy-xuat-nguon-goc', '', true)).toEqual({ kind: 'post', idOrSlug: 'truy-xuat-nguon-goc' });
    expect(routeOf('/news/12', '', true)).toEqual({ kind: 'post', idOrSlug: '12' });
    // The sign-in page is this entry's too (ADR 024), on every platform.
    expect(routeOf('/login', '?next=%2Fproducts', false)).toEqual({ kind: 'login' });
    expect(routeOf('/login/', '', true)).toEqual({ kind: 'login' });
    expect(routeOf('/news/a/b', '', true)).toEqual({ kind: 'notFound' });
    expect(routeOf('/news/%E0%A4%A', '', true)).toEqual({ kind: 'notFound' });
    expect(routeOf('/faqs', '?q=%20ma%20qr%20', false)).toEqual({ kind: 'faqs', q: 'ma qr' });
    expect(routeOf('/information-security', '', false)).toEqual({ kind: 'security' });
  });

  it('has no news on a platform without them (AgriHub, Foodmap)', () => {
    expect(routeOf('/news', '', false)).toEqual({ kind: 'notFound' });
    expect(routeOf('/news/some-post', '', false)).toEqual({ kind: 'notFound' });
  });

  it('builds the links it navigates to', () => {
    expect(newsHref()).toBe('/news');
    expect(newsHref({ categoryId: 4, q: ' cà phê ', page: 2 })).toBe('/news/categories/4?q=c%C3%A0+ph%C3%AA&page=2');
    expect(newsHref({ q: '', page: 1 })).toBe('/news');
    expect(postHref('tin moi')).toBe('/news/tin%20moi');
    expect(isContentPath('/news/x')).toBe(true);
    expect(isContentPath('/faqs/')).toBe(true);
    expect(isContentPath('/newsletter')).toBe(false);
    expect(isContentPath('/services')).toBe(false);
  });

  it('shows the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('dictionaries', () => {
  it('English has exactly the Vietnamese keys', async () => {
    const [vi, en] = await Promise.all([import('./locales/vi.json'), import('./locales/en.json')]);
    expect(Object.keys(en.default).sort()).toEqual(Object.keys(vi.default).sort());
  });
});

describe('category tree', () => {
  const cat = (id: number, name: string, parent_id: number | null, post_count: number): PostCategory => ({
    id,
    name,
    parent_id,
    path: name,
    is_leaf: post_count > 0,
    post_count,
  });
  const list = [
    cat(1, 'Nông nghiệp', null, 0),
    cat(2, 'Cà phê', 1, 3),
    cat(3, 'Lúa gạo', 1, 2),
    cat(4, 'Sự kiện', null, 1),
  ];

  it('nests the flat list and counts each subtree', () => {
    const tree = buildTree(list);
    expect(tree.map((n) => [n.category.name, n.count])).toEqual([
      ['Nông nghiệp', 5],
      ['Sự kiện', 1],
    ]);
    expect(tree[0].children.map((n) => n.category.name)).toEqual(['Cà phê', 'Lúa gạo']);
  });

  it('gives the path from the root (the breadcrumb), nothing for an unknown id, and survives a cycle', () => {
    expect(categoryTrail(list, 3).map((c) => c.name)).toEqual(['Nông nghiệp', 'Lúa gạo']);
    expect(categoryTrail(list, 99)).toEqual([]);
    const cycle = [cat(1, 'A', 2, 0), cat(2, 'B', 1, 0)];
    expect(categoryTrail(cycle, 1).map((c) => c.name)).toEqual(['B', 'A']);
    expect(buildTree(cycle)).toEqual([]);
  });
});

describe('contact form checks', () => {
  it('sends the typed values without blanks, the consent and the honeypot', () => {
    expect(toInput({ ...valid, email: '  ', company: ' HTX ', website: '' })).toEqual({
      name: 'Nguyễn Thị Lan',
      phone: '0912345678',
      company: 'HTX',
      topic: 'service_advice',
      message: 'Tôi cần tư vấn truy xuất nguồn gốc.',
      consent: true,
    });
    expect(toInput({ ...valid, website: 'http://spam' })).toMatchObject({ website: 'http://spam' });
  });

  it("shows the contract's message under each wrong field, in Vietnamese", () => {
    expect(clientErrors(valid, vietnamese)).toEqual({});
    const errors = clientErrors(
      { ...valid, name: ' ', phone: '12', email: 'not-an-email', message: '', consent: false },
      vietnamese,
    );
    expect(errors).toEqual({
      name: 'Vui lòng nhập tên.',
      phone: 'Số điện thoại không hợp lệ.',
      email: 'Email không hợp lệ.',
      message: 'Vui lòng nhập nội dung cần tư vấn.',
      consent: 'Vui lòng đồng ý cho phép xử lý dữ liệu cá nhân để chúng tôi liên hệ lại.',
    });
    expect(clientErrors({ ...valid, phone: '' }, vietnamese).phone).toBe('Vui lòng nhập số điện thoại.');
    expect(clientErrors({ ...valid, company: 'x'.repeat(201) }, vietnamese).company).toBe('Tối đa 200 ký tự.');
  });

  it("has every message the contract's schema can give, in both languages", () => {
    const wrong = [
      { ...valid, name: '', phone: '', topic: '' as const, message: '', consent: false },
      {
        ...valid,
        name: 'x'.repeat(121),
        phone: 'abc',
        email: 'a@',
        company: 'x'.repeat(201),
        message: 'x'.repeat(3001),
      },
      { ...valid, name: 'a\u0000b' },
    ];
    for (const lang of ['vi', 'en'] as const) {
      const text = (key: string, params?: Record<string, string | number>) => messageText(key, params, lang);
      for (const values of wrong) {
        const errors = clientErrors(values, (key, params) => text(key, params) ?? `MISSING ${key}`);
        for (const message of Object.values(errors)) expect(message).not.toMatch(/^MISSING/);
      }
    }
    expect(messageText('topic_traceability', {}, 'vi')).toBe('Truy xuất nguồn gốc');
  });

  it("puts the server's field errors under their fields and keeps the others", () => {
    expect(
      serverErrors([
        { field: 'phone', message: 'Số điện thoại không hợp lệ.' },
        { field: 'phone', message: 'second' },
        { field: 'consent', message: 'Vui lòng đồng ý…' },
        { field: 'service_slug', message: 'Dịch vụ này không tồn tại.' },
      ]),
    ).toEqual({
      fields: { phone: 'Số điện thoại không hợp lệ.', consent: 'Vui lòng đồng ý…' },
      other: ['Dịch vụ này không tồn tại.'],
    });
  });
});
