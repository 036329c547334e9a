import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages/index.js';
import { CONTENT_MESSAGES } from '../messages/content.js';
import { faqInput, pageViewInput, postCategoryInput, postCategoryUpdate, postInput, slugify } from './content.js';

/** Every message key a content schema can answer, and the content messages themselves, read in vi and en. */
describe('content schemas and messages', () => {
  const keysOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('answers only keys the catalogue has in both languages', () => {
    const keys = [
      ...keysOf(
        postInput.safeParse({
          title: '',
          body: '',
          slug: 'Có Dấu',
          category_id: 'x',
          status: 'x',
          summary: 'x'.repeat(501),
          meta_title: 'x'.repeat(201),
          meta_description: 'x'.repeat(301),
          publish_at: 'hôm qua',
          cover_id: -1,
        }),
      ),
      ...keysOf(
        postInput.safeParse({
          title: 'x'.repeat(201),
          body: 'x'.repeat(200_001),
          slug: 'a'.repeat(121),
          category_id: 1,
          status: 'scheduled',
        }),
      ),
      ...keysOf(faqInput.safeParse({ question: '', answer: '', group: '', position: -1 })),
      ...keysOf(faqInput.safeParse({ question: 'x'.repeat(301), answer: 'x', group: 'x'.repeat(101), position: 1.5 })),
      ...keysOf(pageViewInput.safeParse({ slug: '', title: '', body: '', status: 'archived' })),
      ...keysOf(postCategoryInput.safeParse({ name: '', parent_id: 0 })),
      ...keysOf(postCategoryInput.safeParse({ name: 'x'.repeat(121) })),
    ];
    expect(keys.length).toBeGreaterThan(20);
    for (const key of new Set(keys)) {
      expect(MESSAGES.vi[key], key).toBeTruthy();
      expect(MESSAGES.en[key], key).toBeTruthy();
    }
    expect(new Set(keys)).toEqual(
      new Set([
        'pleaseInputTitle',
        'pleaseInputBody',
        'invalidSlug',
        'pleaseSelectCategory',
        'invalidPostStatus',
        'summaryTooLong',
        'metaTitleTooLong',
        'metaDescriptionTooLong',
        'invalidDateTime',
        'invalidUpload',
        'titleTooLong',
        'contentTooLong',
        'slugTooLong',
        'publishAtRequired',
        'pleaseInputQuestion',
        'pleaseInputAnswer',
        'pleaseInputFaqGroup',
        'invalidFaqPosition',
        'questionTooLong',
        'faqGroupTooLong',
        'invalidPageViewStatus',
        'pleaseInputCategoryName',
        'invalidCategory',
        'categoryNameTooLong',
      ]),
    );
  });

  it('has every content message in vi and en', () => {
    expect(Object.keys(CONTENT_MESSAGES.en).sort()).toEqual(Object.keys(CONTENT_MESSAGES.vi).sort());
  });

  it('keeps the parent of a category update that leaves parent_id out', () => {
    expect(postCategoryUpdate.parse({ name: 'Tin tức' })).toEqual({ name: 'Tin tức' });
    expect(postCategoryUpdate.parse({ parent_id: null })).toEqual({ parent_id: null });
  });

  it('makes slugs from Vietnamese titles', () => {
    expect(slugify('Đắk Lắk: cà phê')).toBe('dak-lak-ca-phe');
    expect(slugify('!!!')).toBe('');
  });
});
