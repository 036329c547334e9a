import { z } from 'zod';
import { dateTimeField, idField, idText, listMeta, messageMeta, textField } from './common.js';
import { listQuery } from './list.js';

/**
 * Content (spec §3 post category tree and page metadata, §7 Content calls; DESIGN §5.4): post
 * categories as a tree, posts (rich text stored as allow-list-sanitised HTML, draft / published /
 * scheduled), FAQs in groups and page views (editable static pages with SEO metadata). Everything
 * belongs to a platform. Rich text is cleaned on the server; what the client sends is never trusted.
 */

export const POST_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const PAGE_VIEW_STATUSES = ['draft', 'published'] as const;
export type PageViewStatus = (typeof PAGE_VIEW_STATUSES)[number];

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_SLUG_MAX = 120;
export const POST_SUMMARY_MAX = 500;
/** Rich text as HTML (before cleaning): room for a long article with tables, not for a book. */
export const RICH_TEXT_MAX = 200_000;
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 300;
export const POST_CATEGORY_NAME_MAX = 120;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_GROUP_MAX = 100;
export const FAQ_POSITION_MAX = 10_000;
/** How many related posts a post's public page shows. */
export const RELATED_POSTS = 3;

/** The slug of the page view `/information-security` shows (DESIGN §5.4; in ../constants.ts, without zod). */
export { INFORMATION_SECURITY_SLUG } from '../constants.js';

/** Lower-case ASCII letters, digits and single hyphens: what a URL carries unescaped. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug from a Vietnamese title: accents removed (đ → d), lower case, hyphens between words,
 * at most CONTENT_SLUG_MAX characters ("Đắk Lắk: cà phê" → "dak-lak-ca-phe"). '' when nothing is left.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_SLUG_MAX)
    .replace(/-+$/g, '');
}

/** A form field left empty arrives as '' (or null); it means "not given". */
const blank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema);

const slugField = textField({ error: 'invalidSlug' })
  .trim()
  .max(CONTENT_SLUG_MAX, 'slugTooLong')
  .regex(SLUG_PATTERN, 'invalidSlug');
const titleField = textField({ error: 'pleaseInputTitle' })
  .trim()
  .min(1, 'pleaseInputTitle')
  .max(CONTENT_TITLE_MAX, 'titleTooLong');
const richTextField = (required: string) =>
  textField({ error: required }).trim().min(1, required).max(RICH_TEXT_MAX, 'contentTooLong');
const uploadId = idField('invalidUpload');

/** SEO metadata (spec §3 page metadata: title, desc, image); every part optional, with fallbacks. */
const metaInput = {
  meta_title: blank(textField().trim().max(META_TITLE_MAX, 'metaTitleTooLong').optional()),
  meta_description: blank(textField().trim().max(META_DESCRIPTION_MAX, 'metaDescriptionTooLong').optional()),
  meta_image_id: uploadId.nullable().optional(),
};

/**
 * The metadata a page is shared with, after fallbacks: title ← meta title or the title; description
 * ← meta description, the summary, or the text's first 160 characters; image ← meta image, the
 * cover, or the platform's logo (absolute URLs are made by the server that renders them).
 */
export const pageMeta = z.object({
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
});
export type PageMeta = z.infer<typeof pageMeta>;

/** What the editor stored (no fallbacks), for the admin forms. */
export const storedMeta = z.object({
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_image: z.object({ id: z.number().int(), url: z.string() }).nullable(),
});

// ───────────────────────── post categories ─────────────────────────

export const postCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  /** Names from the root joined with ' > '. */
  path: z.string(),
  is_leaf: z.boolean(),
  /** Posts in this category (admin: every status; public: published only). */
  post_count: z.number().int(),
});
export type PostCategory = z.infer<typeof postCategory>;

const categoryNameField = textField({ error: 'pleaseInputCategoryName' })
  .trim()
  .min(1, 'pleaseInputCategoryName')
  .max(POST_CATEGORY_NAME_MAX, 'categoryNameTooLong');

/** POST /api/v1/admin/post_categories */
export const postCategoryInput = z.object({
  name: categoryNameField,
  parent_id: idField('invalidCategory').nullable().default(null),
});
export type PostCategoryInput = z.input<typeof postCategoryInput>;
/**
 * PUT /api/v1/admin/post_categories/{id}: rename and/or move (a move under its own subtree is
 * refused, 409). A field left out is kept: `parent_id` absent keeps the parent, null moves to the root.
 */
export const postCategoryUpdate = z.object({
  name: categoryNameField.optional(),
  parent_id: idField('invalidCategory').nullable().optional(),
});
export type PostCategoryUpdate = z.input<typeof postCategoryUpdate>;

/** GET /api/v1/admin/post_categories and GET /api/v1/client/category_posts: the whole tree, flat, in name order. */
export const postCategoryListAnswer = z.object({
  data: z.object({ category_posts: z.array(postCategory) }),
  meta: z.object({}).optional(),
});
export const postCategoryAnswer = z.object({
  data: z.object({ category_post: postCategory }),
  meta: messageMeta.optional(),
});

// ───────────────────────── posts ─────────────────────────

const postFields = {
  title: titleField,
  /** Made from the title when not given; unique per platform (409 slugTaken). */
  slug: blank(slugField.optional()),
  summary: blank(textField().trim().max(POST_SUMMARY_MAX, 'summaryTooLong').optional()),
  body: richTextField('pleaseInputBody'),
  cover_id: uploadId.nullable().optional(),
  /** A leaf of the post category tree (422 categoryNotLeaf otherwise). */
  category_id: idField('pleaseSelectCategory'),
  status: z.enum(POST_STATUSES, { error: 'invalidPostStatus' }).default('draft'),
  /** Required and in the future when scheduled (422 publishAtRequired / publishAtPast). */
  publish_at: blank(dateTimeField('invalidDateTime').optional()),
  ...metaInput,
};

/** POST /api/v1/admin/posts and PUT /api/v1/admin/posts/{id} (the whole post). */
export const postInput = z.object(postFields).superRefine((p, ctx) => {
  if (p.status === 'scheduled' && !p.publish_at) {
    ctx.addIssue({ code: 'custom', path: ['publish_at'], message: 'publishAtRequired' });
  }
});
export type PostInput = z.input<typeof postInput>;

const postAuthor = z.object({ id: z.number().int(), name: z.string() }).nullable();
const postCategoryRef = z.object({ id: z.number().int(), name: z.string(), path: z.string() });
const contentImage = z.object({ id: z.number().int(), url: z.string(), thumbnail_url: z.string().nullable() });

/** A post as the back office reads it. `status` is `published` once a scheduled post's time has come. */
export const adminPost = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  body: z.string(),
  cover: contentImage.nullable(),
  category: postCategoryRef,
  status: z.enum(POST_STATUSES),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  view_count: z.number().int(),
  author: postAuthor,
  ...storedMeta.shape,
  meta: pageMeta,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPost = z.infer<typeof adminPost>;

/** A post in a public list (no body). */
export const publicPostSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  cover: contentImage.nullable(),
  category: postCategoryRef,
  published_at: z.string(),
  view_count: z.number().int(),
});
export type PublicPostSummary = z.infer<typeof publicPostSummary>;

/** A published post as its public page shows it. */
export const publicPost = publicPostSummary.extend({ body: z.string(), meta: pageMeta });
export type PublicPost = z.infer<typeof publicPost>;

export const ADMIN_POST_SORT_FIELDS = ['updated_at', 'created_at', 'published_at', 'title', 'view_count'] as const;
/** GET /api/v1/admin/posts: status, category (with its subtree), q (title, summary; accent-free). */
export const adminPostListQuery = listQuery(ADMIN_POST_SORT_FIELDS, '-updated_at').extend({
  status: z.enum(POST_STATUSES, { error: 'invalidPostStatus' }).optional(),
  category_id: idText('invalidCategory').optional(),
});
export type AdminPostListQuery = z.input<typeof adminPostListQuery>;
export const adminPostListAnswer = z.object({
  data: z.object({ posts: z.array(adminPost.omit({ body: true })) }),
  /** `counts`: the filtered posts per status (the status filter left out). */
  meta: listMeta.extend({ counts: z.record(z.string(), z.number().int()) }),
});
export const adminPostAnswer = z.object({ data: z.object({ post: adminPost }), meta: messageMeta.optional() });

export const CLIENT_POST_SORT_FIELDS = ['published_at', 'view_count'] as const;
/** GET /api/v1/client/posts: published posts; category (with its subtree), q (accent-free). */
export const clientPostListQuery = listQuery(CLIENT_POST_SORT_FIELDS, '-published_at').extend({
  category_id: idText('invalidCategory').optional(),
});
export type ClientPostListQuery = z.input<typeof clientPostListQuery>;
export const clientPostListAnswer = z.object({
  data: z.object({ posts: z.array(publicPostSummary) }),
  meta: listMeta,
});
/** GET /api/v1/client/posts/{id or slug}: the post (its view counted) and related posts of its category. */
export const clientPostAnswer = z.object({
  data: z.object({ post: publicPost, related: z.array(publicPostSummary) }),
  meta: z.object({}).optional(),
});
/** `{id}` of the public calls: a numeric id or a slug. */
export const idOrSlugParam = z.object({ id: textField().trim().min(1).max(CONTENT_SLUG_MAX) });

// ───────────────────────── FAQs ─────────────────────────

/** POST /api/v1/admin/faqs and PUT /api/v1/admin/faqs/{id} */
export const faqInput = z.object({
  question: textField({ error: 'pleaseInputQuestion' })
    .trim()
    .min(1, 'pleaseInputQuestion')
    .max(FAQ_QUESTION_MAX, 'questionTooLong'),
  answer: richTextField('pleaseInputAnswer'),
  group: textField({ error: 'pleaseInputFaqGroup' })
    .trim()
    .min(1, 'pleaseInputFaqGroup')
    .max(FAQ_GROUP_MAX, 'faqGroupTooLong'),
  /** Order within its group (smaller first). */
  position: z.coerce
    .number({ error: 'invalidFaqPosition' })
    .int('invalidFaqPosition')
    .min(0, 'invalidFaqPosition')
    .max(FAQ_POSITION_MAX, 'invalidFaqPosition')
    .default(0),
  published: z.boolean().default(true),
});
export type FaqInput = z.input<typeof faqInput>;

export const faq = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  group: z.string(),
  position: z.number().int(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Faq = z.infer<typeof faq>;

export const ADMIN_FAQ_SORT_FIELDS = ['position', 'updated_at', 'question'] as const;
/** GET /api/v1/admin/faqs: group, published, q (question and answer; accent-free). */
export const adminFaqListQuery = listQuery(ADMIN_FAQ_SORT_FIELDS, 'position').extend({
  group: textField().trim().max(FAQ_GROUP_MAX).optional(),
  published: z.enum(['true', 'false']).optional(),
});
export type AdminFaqListQuery = z.input<typeof adminFaqListQuery>;
export const adminFaqListAnswer = z.object({
  data: z.object({ faqs: z.array(faq), groups: z.array(z.string()) }),
  meta: listMeta,
});
export const faqAnswer = z.object({ data: z.object({ faq }), meta: messageMeta.optional() });

/** GET /api/v1/client/faqs?q=: the published FAQs, by group then position (no paging: a help page). */
export const clientFaqQuery = z.object({ q: textField().trim().max(200).optional() });
export const clientFaqAnswer = z.object({
  data: z.object({ faqs: z.array(faq.omit({ published: true })), groups: z.array(z.string()) }),
  meta: z.object({}).optional(),
});

// ───────────────────────── page views ─────────────────────────

/** POST /api/v1/admin/page_views and PUT /api/v1/admin/page_views/{id} */
export const pageViewInput = z.object({
  slug: slugField,
  title: titleField,
  body: richTextField('pleaseInputBody'),
  status: z.enum(PAGE_VIEW_STATUSES, { error: 'invalidPageViewStatus' }).default('draft'),
  ...metaInput,
});
export type PageViewInput = z.input<typeof pageViewInput>;

export const adminPageView = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(PAGE_VIEW_STATUSES),
  ...storedMeta.shape,
  meta: pageMeta,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPageView = z.infer<typeof adminPageView>;

export const ADMIN_PAGE_VIEW_SORT_FIELDS = ['updated_at', 'title', 'slug'] as const;
export const adminPageViewListQuery = listQuery(ADMIN_PAGE_VIEW_SORT_FIELDS, '-updated_at').extend({
  status: z.enum(PAGE_VIEW_STATUSES, { error: 'invalidPageViewStatus' }).optional(),
});
export type AdminPageViewListQuery = z.input<typeof adminPageViewListQuery>;
export const adminPageViewListAnswer = z.object({
  data: z.object({ page_views: z.array(adminPageView.omit({ body: true })) }),
  meta: listMeta,
});
export const adminPageViewAnswer = z.object({
  data: z.object({ page_view: adminPageView }),
  meta: messageMeta.optional(),
});

/** GET /api/v1/client/page_views/{id or slug}: a published page view. */
export const publicPageView = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  meta: pageMeta,
  updated_at: z.string(),
});
export type PublicPageView = z.infer<typeof publicPageView>;
export const clientPageViewAnswer = z.object({
  data: z.object({ page_view: publicPageView }),
  meta: z.object({}).optional(),
});
