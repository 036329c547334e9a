import { and, eq, isNull } from 'drizzle-orm';
import { PLATFORM_KEYS, PLATFORMS, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../client.js';
import { activity, faqs, pageViews, postCategories, posts, uploads, users } from '../schema/index.js';
import { cleanRichText } from '../../lib/rich-text.js';
import type { StorageDriver } from '../../plugins/storage.js';
import { demoEmail } from './accounts.js';
import { DEMO_FAQS, DEMO_PAGE_VIEWS, DEMO_POSTS, POST_CATEGORY_TREE, type PlannedPost } from './content-data.js';
import { DEMO_CONTACT } from './settings.js';
import { scenePhoto } from './trace-photos.js';

const DAY_MS = 86_400_000;

/** `{platform}` and `{contactEmail}` in a demo text → the platform's name and its demo contact address. */
const named = (text: string, platform: PlatformKey) =>
  text.replaceAll('{platform}', PLATFORMS[platform].name).replaceAll('{contactEmail}', DEMO_CONTACT[platform].email);

/** The category of this name under this parent, created when missing. */
async function ensureCategory(db: Db, platform: PlatformKey, name: string, parentId: number | null): Promise<number> {
  const [found] = await db
    .select({ id: postCategories.id })
    .from(postCategories)
    .where(
      and(
        eq(postCategories.platform, platform),
        eq(postCategories.name, name),
        parentId === null ? isNull(postCategories.parentId) : eq(postCategories.parentId, parentId),
      ),
    )
    .limit(1);
  if (found) return found.id;
  const [row] = await db
    .insert(postCategories)
    .values({ platform, name, parentId })
    .returning({ id: postCategories.id });
  return row.id;
}

/** A generated cover (JPEG and WebP thumbnail) stored and registered as the admin's image upload. */
async function cover(
  db: Db,
  storage: StorageDriver,
  platform: PlatformKey,
  adminId: number | null,
  plan: PlannedPost,
  i: number,
) {
  const key = `demo/content/${platform}/${plan.slug}`;
  const { main, thumb } = await scenePhoto(plan.scene, `${plan.category} – ${PLATFORMS[platform].name}`, i % 3);
  await storage.put(`${key}.jpg`, main);
  await storage.put(`${key}-thumb.webp`, thumb);
  // A start that crashed after this photo and before its post left the upload row: reuse it.
  const [up] = await db
    .insert(uploads)
    .values({
      platform,
      userId: adminId,
      kind: 'image',
      storageKey: `${key}.jpg`,
      thumbnailKey: `${key}-thumb.webp`,
      contentType: 'image/jpeg',
      byteSize: main.length,
      filename: `${plan.slug}.jpg`,
      visibility: 'public',
    })
    .onConflictDoUpdate({ target: uploads.storageKey, set: { byteSize: main.length } })
    .returning({ id: uploads.id });
  return up.id;
}

async function seedPosts(db: Db, storage: StorageDriver, platform: PlatformKey, adminId: number | null, now: Date) {
  const leaves = new Map<string, number>();
  for (const root of POST_CATEGORY_TREE) {
    const rootId = await ensureCategory(db, platform, root.name, null);
    for (const child of root.children) leaves.set(child, await ensureCategory(db, platform, child, rootId));
  }
  for (const [i, plan] of DEMO_POSTS.entries()) {
    const [exists] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.platform, platform), eq(posts.slug, plan.slug)))
      .limit(1);
    if (exists) continue;
    const coverId = await cover(db, storage, platform, adminId, plan, i);
    const at = new Date(now.getTime() - plan.daysAgo * DAY_MS);
    const createdAt = plan.status === 'published' ? new Date(at.getTime() - DAY_MS) : new Date(now.getTime() - DAY_MS);
    const [row] = await db
      .insert(posts)
      .values({
        platform,
        categoryId: leaves.get(plan.category)!,
        title: plan.title,
        slug: plan.slug,
        summary: plan.summary,
        body: cleanRichText(named(plan.body, platform)),
        coverId,
        status: plan.status,
        publishAt: plan.status === 'scheduled' ? at : null,
        publishedAt: plan.status === 'published' ? at : null,
        metaDescription: plan.metaDescription ?? null,
        viewCount: plan.views,
        authorId: adminId,
        createdAt,
        updatedAt: plan.status === 'published' ? at : createdAt,
      })
      .returning({ id: posts.id });
    const history: { action: string; from: string | null; to: string; at: Date }[] = [
      { action: 'create', from: null, to: 'draft', at: createdAt },
    ];
    if (plan.status !== 'draft')
      history.push({
        action: plan.status === 'published' ? 'publish' : 'schedule',
        from: 'draft',
        to: plan.status,
        at: plan.status === 'published' ? at : createdAt,
      });
    for (const h of history)
      await db.insert(activity).values({
        subjectType: 'post',
        subjectId: row.id,
        platform,
        actorId: adminId,
        action: h.action,
        fromStatus: h.from,
        toStatus: h.to,
        createdAt: h.at,
      });
  }
}

async function seedFaqs(db: Db, platform: PlatformKey) {
  const positions = new Map<string, number>();
  for (const plan of DEMO_FAQS) {
    const position = (positions.get(plan.group) ?? 0) + 1;
    positions.set(plan.group, position);
    const [exists] = await db
      .select({ id: faqs.id })
      .from(faqs)
      .where(and(eq(faqs.platform, platform), eq(faqs.question, plan.question)))
      .limit(1);
    if (exists) continue;
    await db.insert(faqs).values({
      platform,
      question: plan.question,
      answer: cleanRichText(named(plan.answer, platform)),
      group: plan.group,
      position,
      published: true,
    });
  }
}

async function seedPageViews(db: Db, platform: PlatformKey, adminId: number | null, now: Date) {
  for (const plan of DEMO_PAGE_VIEWS) {
    const [exists] = await db
      .select({ id: pageViews.id })
      .from(pageViews)
      .where(and(eq(pageViews.platform, platform), eq(pageViews.slug, plan.slug)))
      .limit(1);
    if (exists) continue;
    const [row] = await db
      .insert(pageViews)
      .values({
        platform,
        slug: plan.slug,
        title: named(plan.title, platform),
        body: cleanRichText(named(plan.body, platform)),
        status: plan.status,
        metaDescription: plan.metaDescription ? named(plan.metaDescription, platform) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pageViews.id });
    await db.insert(activity).values({
      subjectType: 'page_view',
      subjectId: row.id,
      platform,
      actorId: adminId,
      action: 'create',
      toStatus: plan.status,
      createdAt: now,
    });
  }
}

/**
 * The demo content of every platform (DESIGN §5.4): the post category tree (two levels), a dozen
 * posts with generated covers (published over the last weeks with view counts, one scheduled a
 * few days ahead, one draft), FAQs in four groups and the page views (the information-security
 * notice and the About page published, terms of use as a draft). Idempotent and resumable: each
 * category, post (by slug), FAQ (by question) and page view (by slug) already there is kept.
 */
export async function seedContent(db: Db, storage: StorageDriver, now = new Date()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.platform, platform), eq(users.email, demoEmail('admin', platform))))
      .limit(1);
    const adminId = admin?.id ?? null;
    await seedPosts(db, storage, platform, adminId, now);
    await seedFaqs(db, platform);
    await seedPageViews(db, platform, adminId, now);
  }
}
