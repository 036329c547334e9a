import dayjs, { type Dayjs } from 'dayjs';
import type {
  AdminPageView,
  AdminPost,
  PageViewInput,
  PageViewStatus,
  PostInput,
  PostStatus,
} from '@agrihub/contract/schemas/content';
import { formatVietnamDateTime, vietnamWallClock } from '@agrihub/contract/vietnam-time';
import type { FormInstance } from 'antd';
import type { FieldError } from '../../../lib/api-error';
import { showRefusedSave } from '../../../lib/form-rules';

/** An uploaded image a form holds (cover, meta image). */
export interface ImageRef {
  id: number;
  url: string;
  thumbnail_url?: string | null;
}

/** SEO metadata as the forms hold it (spec §3 page metadata). */
export interface MetaValues {
  meta_title: string;
  meta_description: string;
  meta_image: ImageRef | null;
}

export interface PostFormValues extends MetaValues {
  title: string;
  slug: string;
  summary: string;
  category_id: number | null;
  cover: ImageRef | null;
  body: string;
  status: PostStatus;
  /** The publication time as a wall clock in Vietnam (the picker shows Vietnamese time wherever the admin is). */
  publish_at: Dayjs | null;
}

export interface PageViewFormValues extends MetaValues {
  slug: string;
  title: string;
  body: string;
  status: PageViewStatus;
}

// ───────── Vietnam time in the date-time picker ─────────

/** A stored instant as the picker shows it: the wall clock in Vietnam (UTC+7, no daylight saving). */
export function toVietnamPicker(iso: string | null | undefined): Dayjs | null {
  if (!iso) return null;
  const d = vietnamWallClock(iso);
  if (Number.isNaN(d.getTime())) return null;
  return dayjs(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()));
}

/** The picker's wall clock (read as Vietnamese time) as an instant with its offset: `…T08:30:00.000+07:00`. */
export function fromVietnamPicker(v: Dayjs | null | undefined): string | undefined {
  if (!v || !v.isValid()) return undefined;
  const utc = Date.UTC(v.year(), v.month(), v.date(), v.hour(), v.minute()) - 7 * 3600_000;
  return formatVietnamDateTime(utc);
}

/** Today in Vietnam as a picker day, for refusing days already past. */
export function vietnamToday(now: number = Date.now()): Dayjs {
  return toVietnamPicker(new Date(now).toISOString())!.startOf('day');
}

// ───────── records ↔ form values ─────────

const imageOf = (img: { id: number; url: string; thumbnail_url?: string | null } | null | undefined) =>
  img ? { id: img.id, url: img.url, thumbnail_url: img.thumbnail_url ?? null } : null;

export function postToValues(post: AdminPost | null): PostFormValues {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    summary: post?.summary ?? '',
    category_id: post?.category.id ?? null,
    cover: imageOf(post?.cover),
    body: post?.body ?? '',
    status: post?.status ?? 'draft',
    publish_at: post?.status === 'scheduled' ? toVietnamPicker(post.publish_at) : null,
    meta_title: post?.meta_title ?? '',
    meta_description: post?.meta_description ?? '',
    meta_image: imageOf(post?.meta_image),
  };
}

const metaInput = (v: MetaValues) => ({
  meta_title: (v.meta_title ?? '').trim() || null,
  meta_description: (v.meta_description ?? '').trim() || null,
  meta_image_id: v.meta_image?.id ?? null,
});

/** The request of a post form, saved with `status` (the button pressed). */
export function postInputOf(v: PostFormValues, status: PostStatus = v.status): PostInput {
  return {
    title: v.title ?? '',
    slug: (v.slug ?? '').trim() || undefined,
    summary: (v.summary ?? '').trim() || undefined,
    body: v.body ?? '',
    cover_id: v.cover?.id ?? null,
    category_id: v.category_id ?? 0,
    status,
    publish_at: status === 'scheduled' ? fromVietnamPicker(v.publish_at) : undefined,
    ...metaInput(v),
  };
}

export function pageViewToValues(page: AdminPageView | null): PageViewFormValues {
  return {
    slug: page?.slug ?? '',
    title: page?.title ?? '',
    body: page?.body ?? '',
    status: page?.status ?? 'draft',
    meta_title: page?.meta_title ?? '',
    meta_description: page?.meta_description ?? '',
    meta_image: imageOf(page?.meta_image),
  };
}

export function pageViewInputOf(v: PageViewFormValues, status: PageViewStatus = v.status): PageViewInput {
  return { slug: (v.slug ?? '').trim(), title: v.title ?? '', body: v.body ?? '', status, ...metaInput(v) };
}

/** The request's field names that the forms hold under another name. */
const FIELD_OF: Record<string, string> = { cover_id: 'cover', meta_image_id: 'meta_image' };

/**
 * A 422's field errors on the form's fields (`cover_id` → `cover` …); errors on fields the form
 * does not have are left out (the caller shows the answer's message anyway).
 */
export function formFieldErrors(errors: readonly FieldError[], fields: readonly string[]) {
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    const name = FIELD_OF[e.field.split('.')[0]] ?? e.field.split('.')[0];
    if (!fields.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), e.message]);
  }
  return [...byField].map(([name, list]) => ({ name: [name], errors: list }));
}

/** A refused save of a post or page view (showRefusedSave), a taken slug (409) under the slug. */
export function showSaveError(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  show: Parameters<typeof showRefusedSave>[3],
): void {
  showRefusedSave(
    form,
    error,
    (e) => {
      const found = formFieldErrors(e.errors, fields);
      if (!found.length && e.status === 409 && /slug/i.test(e.code))
        found.push({ name: ['slug'], errors: [e.message] });
      return found;
    },
    show,
  );
}

// ───────── how a shared link will look ─────────

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of rich-text HTML (blocks separated by a space, whitespace collapsed, entities decoded),
 * at most `max` characters, cut at a word with '…' — as the server makes the fallback description.
 */
export function htmlText(html: string, max: number): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|br|h[1-6]|li|tr|td|th|blockquote|pre|figcaption|div|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** How long a description from the text may be (the server's fallback). */
export const DESCRIPTION_FROM_TEXT = 160;

export interface SharePreview {
  title: string;
  description: string;
  image: string | null;
}

/**
 * The card a shared link shows, with the contract's fallbacks: title ← meta title or the title;
 * description ← meta description, the summary, or the text's first 160 characters; image ← meta
 * image, the cover, or the platform's share card (what the server falls back to).
 */
export function sharePreview(
  v: Partial<MetaValues> & { title?: string; summary?: string; body?: string; cover?: ImageRef | null },
  shareImage: string,
): SharePreview {
  return {
    title: v.meta_title?.trim() || v.title?.trim() || '',
    description: v.meta_description?.trim() || v.summary?.trim() || htmlText(v.body ?? '', DESCRIPTION_FROM_TEXT),
    image: v.meta_image?.url ?? v.cover?.url ?? shareImage,
  };
}
