/**
 * Test data factories: each takes the database and the fields a test cares about, and creates
 * whatever parents are missing (a batch without a product gets a product, which gets a producer),
 * so a test states only what it is about. Defaults are valid, visible data: an approved producer,
 * an approved product (its approved version stored, as an administrator's approval stores it), a
 * published batch, and a producer's account that may use products and batches (on DTrack, where
 * they need the products entitlement, contract gates.ts, it is registered to multi-channel selling).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  MULTICHANNEL_SERVICE_SLUG,
  PLATFORMS,
  toGtin14,
  withCheckDigit,
  type AbilityRule,
  type PlatformKey,
} from '@agrihub/contract';
import type { Db } from '../src/db/client.js';
import {
  faqs,
  pageViews,
  postCategories,
  posts,
  producers,
  products,
  productVariants,
  saleChannelReferences,
  saleChannels,
  traceabilities,
  traceEvents,
  traceScans,
  users,
} from '../src/db/schema/index.js';
import { openSession } from '../src/modules/auth/sessions.js';
import { approvedSnapshot } from '../src/modules/products/approval.js';
import { gtinToPrint } from '../src/modules/products/gtin-reservations.js';
import { hashPassword, publicCode, randomToken } from '../src/lib/secrets.js';

export const TEST_PASSWORD = 'Secret@1';
let passwordHash: Promise<string> | undefined;
let seq = 0;

let gtinSeq = 0;
/** GTINs for test products, one per call: 8936000000011 first, then 8936000000028, … (a GTIN belongs to one product). */
export const nextTestGtin = () => withCheckDigit(`8936${String(++gtinSeq).padStart(8, '0')}`);

/** Numbering starts again for each test file (the test setup calls this: files share a worker's modules). */
export function resetTestSequences(): void {
  seq = 0;
  gtinSeq = 0;
}

export type ProducerRow = typeof producers.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type BatchRow = typeof traceabilities.$inferSelect;

/** A producer, approved unless told otherwise. */
export async function buildProducer(
  db: Db,
  overrides: Partial<typeof producers.$inferInsert> = {},
): Promise<ProducerRow> {
  const [p] = await db
    .insert(producers)
    .values({
      platform: 'dtrack',
      name: `HTX Thử nghiệm ${++seq}`,
      producerType: 'cooperative',
      status: 'approved',
      ...overrides,
    })
    .returning();
  return p;
}

export interface BuildUserOptions {
  platform?: PlatformKey;
  email?: string;
  name?: string;
  roles?: string[];
  abilities?: AbilityRule[];
  /** Create a producer for the user (default: producers for non-admins). */
  producer?: boolean | Partial<typeof producers.$inferInsert>;
  createdAt?: Date;
  registedServices?: string[];
  /**
   * A producer's account on a platform whose products need the entitlement (DTrack) holds it by
   * default: its own `registed_services` list multi-channel selling. `false` builds the account of
   * a newcomer who registered to nothing (the product and batch routes refuse it).
   */
  productAccess?: boolean;
  requiredChangePassword?: boolean;
  locale?: string;
}

/** A user (and its producer unless it is an admin) with password TEST_PASSWORD and a live token. */
export async function buildUser(db: Db, opts: BuildUserOptions = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const platform = opts.platform ?? 'dtrack';
  const n = ++seq;
  const wantsProducer = opts.producer ?? !(opts.roles && opts.roles.length);
  const entitled =
    wantsProducer && opts.productAccess !== false && PLATFORMS[platform].features.productsNeedEntitlement;
  const producerId = wantsProducer
    ? (await buildProducer(db, { platform, ...(typeof opts.producer === 'object' ? opts.producer : {}) })).id
    : null;
  const [user] = await db
    .insert(users)
    .values({
      platform,
      email: opts.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.vn`,
      name: opts.name ?? `Người dùng ${n}`,
      passwordHash: await passwordHash,
      roles: opts.roles ?? [],
      abilities: opts.abilities ?? [],
      producerId,
      registedServices: opts.registedServices ?? (entitled ? [MULTICHANNEL_SERVICE_SLUG] : []),
      requiredChangePassword: opts.requiredChangePassword ?? false,
      locale: opts.locale ?? 'vi',
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  const token = await openSession(db, user.id);
  return { user: user, producerId, token: token.access_token, refreshToken: token.refresh_token, platform };
}

export type Built = Awaited<ReturnType<typeof buildUser>>;

export type BuildProductOverrides = Partial<typeof products.$inferInsert> & {
  /** Variants to create, each a list of `{ title, value }` (stored in this order). */
  variants?: { title: string; value: string }[][];
};

/**
 * A product: its own GTIN (give `gtin: null` for none), approved with its approved version stored
 * (give `status: 'draft'` or another status for a product never approved). Without `producerId`,
 * a producer of `platform` is created; with it, the platform is the producer's.
 */
export async function buildProduct(
  db: Db,
  overrides: BuildProductOverrides = {},
): Promise<ProductRow & { variants: VariantRow[] }> {
  const { variants: variantTypes = [], ...fields } = overrides;
  const producer = fields.producerId
    ? (await db.select().from(producers).where(eq(producers.id, fields.producerId)))[0]
    : await buildProducer(db, fields.platform ? { platform: fields.platform } : {});
  const gtin = fields.gtin === undefined ? nextTestGtin() : fields.gtin;
  const status = fields.status ?? 'approved';
  const [inserted] = await db
    .insert(products)
    .values({
      name: 'Chè Shan tuyết Mộc Châu',
      nameEn: 'Moc Chau Shan tuyet tea',
      unit: 'Kg',
      images: [{ id: 1, url: '/uploads/p/cover.jpg', thumbnail_url: '/uploads/p/cover-thumb.webp' }],
      publicCode: randomBytes(8).toString('hex').toUpperCase(),
      ...fields,
      platform: producer.platform,
      producerId: producer.id,
      gtin,
      // Old rows may carry a GTIN without its GTIN-14 (give `gtin14: null`).
      gtin14: fields.gtin14 !== undefined ? fields.gtin14 : gtin ? toGtin14(gtin) : null,
      status,
    })
    .returning();
  const variants = variantTypes.length
    ? await db
        .insert(productVariants)
        .values(variantTypes.map((types, position) => ({ productId: inserted.id, types, position })))
        .returning()
    : [];
  if (status !== 'approved' || fields.approvedSnapshot !== undefined) return { ...inserted, variants };
  return { ...(await approveProduct(db, inserted.id)), variants };
}

/** Approves a product as an administrator would: status approved, its current fields as the approved version. */
export async function approveProduct(db: Db, productId: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  const now = new Date();
  const [approved] = await db
    .update(products)
    .set({ status: 'approved', reviewedAt: now, approvedAt: now, approvedSnapshot: await approvedSnapshot(db, row) })
    .where(eq(products.id, productId))
    .returning();
  return approved;
}

export type BuildBatchOverrides = Partial<typeof traceabilities.$inferInsert> & {
  /** Steps of the events to add, in time order (e.g. `['planting', 'harvesting']`). */
  events?: string[];
  /** Scans already stored for it (trace_scans). */
  scans?: number;
};

/** What the scan buffer takes of a batch (ScanBuffer.record). */
export const scannedBatch = (b: Pick<BatchRow, 'id' | 'publicCode' | 'platform'>) => ({
  id: b.id,
  code: b.publicCode,
  platform: b.platform,
});

/**
 * A batch (traceability), published unless told otherwise. Without `productId`, an approved
 * product (and its producer) is created; producer and platform are always the product's.
 */
export async function buildBatch(db: Db, overrides: BuildBatchOverrides = {}): Promise<BatchRow> {
  const { events = [], scans, ...fields } = overrides;
  const product = fields.productId
    ? (await db.select().from(products).where(eq(products.id, fields.productId)))[0]
    : await buildProduct(db, {
        ...(fields.producerId ? { producerId: fields.producerId } : {}),
        ...(fields.platform ? { platform: fields.platform } : {}),
      });
  const status = fields.status ?? 'published';
  // A published batch records the GTIN its Digital Link prints, as a publication does (ADR 030).
  const gtin14 =
    fields.gtin14 !== undefined || status !== 'published'
      ? (fields.gtin14 ?? null)
      : await gtinToPrint(db, { platform: product.platform, producerId: product.producerId, productId: product.id });
  const [batch] = await db
    .insert(traceabilities)
    .values({
      lotCode: `LO-${randomBytes(3).toString('hex').toUpperCase()}`,
      publicCode: publicCode(),
      productionDate: '2025-03-01',
      expiryDate: '2030-03-01',
      quantity: 100,
      unit: 'Kg',
      productionBase: { name: 'Đồi chè Tân Lập', address: 'Xã Tân Lập', province_code: '14' },
      ...(status === 'published' ? { publishedAt: new Date() } : {}),
      ...fields,
      platform: product.platform,
      producerId: product.producerId,
      productId: product.id,
      status,
      gtin14,
    })
    .returning();
  if (scans) await db.insert(traceScans).values({ traceabilityId: batch.id, scans });
  if (events.length) {
    await db.insert(traceEvents).values(
      events.map((step, position) => ({
        traceabilityId: batch.id,
        step,
        position,
        occurredAt: new Date(Date.UTC(2025, 2, 1 + position, 1)),
        place: 'Đồi chè Tân Lập, Sơn La',
      })),
    );
  }
  return batch;
}

export type SaleChannelRow = typeof saleChannels.$inferSelect;
export type SaleChannelReferenceRow = typeof saleChannelReferences.$inferSelect;

/**
 * A sales channel of `platform` (default dtrack), active, asking only for an approved product
 * with a price and one image unless `requirements` says more; its own code and feed token.
 */
export async function buildSaleChannel(
  db: Db,
  overrides: Partial<typeof saleChannels.$inferInsert> = {},
): Promise<SaleChannelRow> {
  const n = ++seq;
  const [row] = await db
    .insert(saleChannels)
    .values({
      platform: 'dtrack',
      code: `kenh_${n}_${randomBytes(2).toString('hex')}`,
      name: `Kênh thử nghiệm ${n}`,
      kind: 'marketplace',
      logoUrl: '/channels/shopee.svg',
      requirements: { gtin: false, min_images: 1, approved_product: true, price: true, min_description: 0 },
      feedToken: randomToken(),
      position: n,
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A registration to a channel: of `productId` (the product's producer and platform), else of
 * `producerId` itself; pending unless told otherwise. Without a channel, one of the platform is created.
 */
export async function buildSaleChannelReference(
  db: Db,
  overrides: Partial<typeof saleChannelReferences.$inferInsert> & ({ productId: number } | { producerId: number }),
): Promise<SaleChannelReferenceRow> {
  const product = overrides.productId
    ? (await db.select().from(products).where(eq(products.id, overrides.productId)))[0]
    : undefined;
  const producerId = product?.producerId ?? overrides.producerId!;
  const [producer] = await db.select().from(producers).where(eq(producers.id, producerId));
  const channelId = overrides.channelId ?? (await buildSaleChannel(db, { platform: producer.platform })).id;
  const [row] = await db
    .insert(saleChannelReferences)
    .values({
      ...overrides,
      platform: producer.platform,
      channelId,
      producerId,
      productId: product?.id ?? null,
      referenceableType: product ? 'product' : 'producer',
    })
    .returning();
  return row;
}

export type PostCategoryRow = typeof postCategories.$inferSelect;
export type PostRow = typeof posts.$inferSelect;

/** A post category of `platform` (dtrack by default), at the root unless `parentId` is given. */
export async function buildPostCategory(
  db: Db,
  overrides: Partial<typeof postCategories.$inferInsert> = {},
): Promise<PostCategoryRow> {
  const [row] = await db
    .insert(postCategories)
    .values({ platform: 'dtrack', name: `Chuyên mục ${++seq}`, ...overrides })
    .returning();
  return row;
}

/**
 * A post, published (published_at now) unless told otherwise. Without `categoryId`, a leaf category
 * of its platform is created. Its slug is unique by default.
 */
export async function buildPost(db: Db, overrides: Partial<typeof posts.$inferInsert> = {}): Promise<PostRow> {
  const platform = overrides.platform ?? 'dtrack';
  const categoryId = overrides.categoryId ?? (await buildPostCategory(db, { platform })).id;
  const n = ++seq;
  const status = overrides.status ?? 'published';
  const [row] = await db
    .insert(posts)
    .values({
      title: `Bài viết thử nghiệm ${n}`,
      slug: `bai-viet-thu-nghiem-${n}-${randomBytes(2).toString('hex')}`,
      summary: `Tóm tắt bài viết ${n}`,
      body: `<p>Nội dung bài viết ${n}</p>`,
      ...(status === 'published' ? { publishedAt: new Date() } : {}),
      ...overrides,
      platform,
      categoryId,
      status,
    })
    .returning();
  return row;
}

/** A published FAQ of `platform` (dtrack by default). */
export async function buildFaq(db: Db, overrides: Partial<typeof faqs.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await db
    .insert(faqs)
    .values({
      platform: 'dtrack',
      question: `Câu hỏi thử nghiệm ${n}?`,
      answer: `<p>Câu trả lời ${n}</p>`,
      group: 'Tài khoản',
      position: n,
      ...overrides,
    })
    .returning();
  return row;
}

/** A published page view of `platform` (dtrack by default) with a unique slug. */
export async function buildPageView(db: Db, overrides: Partial<typeof pageViews.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await db
    .insert(pageViews)
    .values({
      platform: 'dtrack',
      slug: `trang-thu-nghiem-${n}-${randomBytes(2).toString('hex')}`,
      title: `Trang thử nghiệm ${n}`,
      body: `<p>Nội dung trang ${n}</p>`,
      status: 'published',
      ...overrides,
    })
    .returning();
  return row;
}
