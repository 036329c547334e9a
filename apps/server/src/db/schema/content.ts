import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAGE_VIEW_STATUSES, POST_STATUSES } from '@agrihub/contract';
import { uploads, users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Post categories (spec §3): a tree by `parent_id` within a platform. No cycles (checked on every
 * move), a category with children or posts cannot be deleted (`restrict`), posts only in leaves.
 */
export const postCategories = pgTable(
  'post_categories',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => postCategories.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('post_categories_platform_idx').on(t.platform, t.parentId)],
);

/**
 * News posts (DESIGN §5.4). `body` is HTML cleaned by the server's allow-list. A `scheduled` post
 * is public from `publish_at` on (read-time rule; a background job also flips it to `published`
 * and sets `published_at`). `meta_*` are the SEO overrides; the public page falls back to the
 * title, the summary and the cover.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    coverId: integer('cover_id').references(() => uploads.id, { onDelete: 'set null' }),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    publishAt: ts('publish_at'),
    publishedAt: ts('published_at'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaImageId: integer('meta_image_id').references(() => uploads.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('posts_platform_slug_uq').on(t.platform, t.slug),
    index('posts_platform_status_idx').on(t.platform, t.status, t.publishedAt),
    index('posts_category_idx').on(t.categoryId),
    index('posts_scheduled_idx')
      .on(t.publishAt)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/** Frequently asked questions of a platform, in groups, ordered by `position`. `answer` is cleaned HTML. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    group: text('group').notNull(),
    position: integer('position').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('faqs_platform_group_idx').on(t.platform, t.group, t.position)],
);

/** Page views (DESIGN §5.4): editable static pages with SEO metadata, by slug per platform. */
export const pageViews = pgTable(
  'page_views',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: PAGE_VIEW_STATUSES }).notNull().default('draft'),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaImageId: integer('meta_image_id').references(() => uploads.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_views_platform_slug_uq').on(t.platform, t.slug)],
);
