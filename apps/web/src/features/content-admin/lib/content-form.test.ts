import { describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import dayjs from 'dayjs';
import { pageViewInput, postInput, type AdminPost } from '@agrihub/contract/schemas/content';
import {
  formFieldErrors,
  fromVietnamPicker,
  htmlText,
  pageViewInputOf,
  pageViewToValues,
  postInputOf,
  postToValues,
  sharePreview,
  showSaveError,
  toVietnamPicker,
  vietnamToday,
} from './content-form';

const post: AdminPost = {
  id: 7,
  title: 'Cà phê Đắk Lắk',
  slug: 'ca-phe-dak-lak',
  summary: null,
  body: '<p>Thân bài</p>',
  cover: { id: 3, url: '/uploads/cover.png', thumbnail_url: '/uploads/cover-thumb.png' },
  category: { id: 12, name: 'Cà phê', path: 'Nông sản > Cà phê' },
  status: 'scheduled',
  publish_at: '2030-05-01T01:30:00.000Z',
  published_at: null,
  view_count: 0,
  author: null,
  meta_title: null,
  meta_description: 'Mô tả',
  meta_image: null,
  meta: { title: 'Cà phê Đắk Lắk', description: 'Mô tả', image_url: null },
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

describe('Vietnam time in the picker', () => {
  it('shows an instant as the wall clock in Vietnam and reads it back', () => {
    const v = toVietnamPicker('2030-05-01T01:30:00.000Z')!;
    expect(v.format('DD/MM/YYYY HH:mm')).toBe('01/05/2030 08:30');
    expect(fromVietnamPicker(v)).toBe('2030-05-01T08:30:00.000+07:00');
    expect(new Date(fromVietnamPicker(v)!).toISOString()).toBe('2030-05-01T01:30:00.000Z');
  });

  it('crosses midnight in Vietnam', () => {
    expect(toVietnamPicker('2030-05-01T18:00:00Z')!.format('DD/MM/YYYY HH:mm')).toBe('02/05/2030 01:00');
    expect(vietnamToday(Date.parse('2030-05-01T18:00:00Z')).format('YYYY-MM-DD HH:mm')).toBe('2030-05-02 00:00');
  });

  it('has nothing for nothing', () => {
    expect(toVietnamPicker(null)).toBeNull();
    expect(fromVietnamPicker(null)).toBeUndefined();
  });
});

describe('post form values', () => {
  it('round-trips a stored post to a request the contract accepts', () => {
    const values = postToValues(post);
    expect(values.cover?.id).toBe(3);
    expect(values.publish_at?.format('HH:mm')).toBe('08:30');
    const body = postInputOf(values);
    expect(body).toMatchObject({
      title: 'Cà phê Đắk Lắk',
      slug: 'ca-phe-dak-lak',
      cover_id: 3,
      category_id: 12,
      status: 'scheduled',
      meta_title: null,
      meta_description: 'Mô tả',
      meta_image_id: null,
    });
    expect(new Date(String(body.publish_at)).toISOString()).toBe('2030-05-01T01:30:00.000Z');
    expect(postInput.safeParse(body).success).toBe(true);
  });

  it('saves with the pressed button’s status; publish_at only when scheduled', () => {
    const values = { ...postToValues(post), publish_at: dayjs('2030-06-01T09:00') };
    expect(postInputOf(values, 'draft')).toMatchObject({ status: 'draft', publish_at: undefined });
    expect(postInputOf(values, 'scheduled').publish_at).toBe('2030-06-01T09:00:00.000+07:00');
  });

  it('a scheduled save without a time is refused on publish_at by the contract', () => {
    const body = postInputOf({ ...postToValues(null), title: 'A', body: '<p>x</p>', category_id: 1 }, 'scheduled');
    const issues = postInput.safeParse(body).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['publish_at', 'publishAtRequired']);
  });

  it('a new post starts as an empty draft', () => {
    expect(postToValues(null)).toMatchObject({ title: '', status: 'draft', cover: null, category_id: null });
  });
});

describe('page view form values', () => {
  it('sends what the contract accepts', () => {
    const values = { ...pageViewToValues(null), slug: ' information-security ', title: 'Bảo mật', body: '<p>x</p>' };
    const body = pageViewInputOf(values, 'published');
    expect(body).toMatchObject({ slug: 'information-security', status: 'published', meta_image_id: null });
    expect(pageViewInput.safeParse(body).success).toBe(true);
  });
});

describe('server field errors', () => {
  it('puts request fields on the form’s fields and drops unknown ones', () => {
    expect(
      formFieldErrors(
        [
          { field: 'cover_id', message: 'Ảnh không hợp lệ' },
          { field: 'meta_image_id', message: 'Ảnh không hợp lệ' },
          { field: 'slug', message: 'Đã có' },
          { field: 'slug', message: 'Sai' },
          { field: 'other', message: 'x' },
        ],
        ['cover', 'meta_image', 'slug'],
      ),
    ).toEqual([
      { name: ['cover'], errors: ['Ảnh không hợp lệ'] },
      { name: ['meta_image'], errors: ['Ảnh không hợp lệ'] },
      { name: ['slug'], errors: ['Đã có', 'Sai'] },
    ]);
  });
});

describe('share preview fallbacks', () => {
  const logo = '/brand/dtrack-share.png';
  it('prefers the meta fields', () => {
    expect(
      sharePreview(
        {
          title: 'T',
          meta_title: 'MT',
          meta_description: 'MD',
          summary: 'S',
          meta_image: { id: 1, url: '/m.png' },
          cover: { id: 2, url: '/c.png' },
        },
        logo,
      ),
    ).toEqual({ title: 'MT', description: 'MD', image: '/m.png' });
  });
  it('falls back to the title, the summary, the text and the cover, then the platform share image', () => {
    expect(sharePreview({ title: 'T', meta_title: ' ', summary: 'S', cover: { id: 2, url: '/c.png' } }, logo)).toEqual({
      title: 'T',
      description: 'S',
      image: '/c.png',
    });
    expect(sharePreview({ title: 'T', body: '<h2>Mở&nbsp;đầu</h2><p>Cà phê &amp; tiêu</p>' }, logo)).toEqual({
      title: 'T',
      description: 'Mở đầu Cà phê & tiêu',
      image: logo,
    });
  });
  it('cuts a long text at a word with an ellipsis', () => {
    const long = `<p>${'chữ '.repeat(100)}</p>`;
    const text = htmlText(long, 160);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('…')).toBe(true);
    expect(htmlText('<script>alert(1)</script><p>ok</p>', 50)).toBe('ok');
  });
});

describe('showSaveError', () => {
  const setup = () => {
    const form = { setFields: vi.fn(), scrollToField: vi.fn() };
    const show = { failure: vi.fn(), toast: vi.fn(), generic: 'Có lỗi xảy ra.' };
    return {
      form,
      show,
      run: (e: unknown) => showSaveError(form as unknown as FormInstance, e, ['slug', 'title'], show),
    };
  };

  it('puts a 422 under its field, scrolls to it and says it in a toast', () => {
    const { form, show, run } = setup();
    run({
      status: 422,
      code: 'validation',
      message: 'Dữ liệu chưa hợp lệ.',
      errors: [{ field: 'title', message: 'Bắt buộc.' }],
    });
    expect(form.setFields).toHaveBeenCalledWith([{ name: ['title'], errors: ['Bắt buộc.'] }]);
    expect(form.scrollToField).toHaveBeenCalledWith(['title'], expect.anything());
    expect(show.failure).not.toHaveBeenCalled();
    expect(show.toast).toHaveBeenCalledWith('Dữ liệu chưa hợp lệ.');
  });

  it('puts a taken slug (409) under the slug', () => {
    const { form, run } = setup();
    run({ status: 409, code: 'postSlugTaken', message: 'Đường dẫn đã được dùng.', errors: [] });
    expect(form.setFields).toHaveBeenCalledWith([{ name: ['slug'], errors: ['Đường dẫn đã được dùng.'] }]);
  });

  it('shows any other refusal above the form, and a generic text for what is not an API answer', () => {
    const { form, show, run } = setup();
    run({ status: 409, code: 'postLocked', message: 'Bài viết đang bị khóa.', errors: [] });
    expect(form.setFields).not.toHaveBeenCalled();
    expect(show.failure).toHaveBeenCalledWith('Bài viết đang bị khóa.');
    run(new Error('boom'));
    expect(show.failure).toHaveBeenLastCalledWith('Có lỗi xảy ra.');
  });
});
