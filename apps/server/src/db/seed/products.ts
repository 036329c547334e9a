import { and, eq } from 'drizzle-orm';
import { PLATFORM_KEYS, buildVariants, toGtin14, withCheckDigit, type PlatformKey } from '@agrihub/contract';
import type { Db } from '../client.js';
import {
  categories,
  productTypes,
  productVariants,
  products,
  uploads,
  users,
  type OptionGroup,
  type StoredFile,
} from '../schema/index.js';
import type { StorageDriver } from '../../plugins/storage.js';
import { publicCode } from '../../lib/secrets.js';
import { approvedSnapshot } from '../../modules/products/approval.js';
import { demoEmail } from './accounts.js';
import { productImage } from './product-images.js';

import { OLDUSER_PRODUCTS, PRODUCER_PRODUCTS, type DemoProduct } from './product-data.js';

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

async function storeImage(
  db: Db,
  storage: StorageDriver,
  platform: PlatformKey,
  userId: number,
  key: string,
  p: DemoProduct,
  palette: number,
  view: number,
): Promise<StoredFile> {
  const main = `demo/products/${platform}/${key}.webp`;
  const thumb = `demo/products/${platform}/${key}-thumb.webp`;
  let [row] = await db.select().from(uploads).where(eq(uploads.storageKey, main));
  if (!row) {
    const img = await productImage(p.name, p.nameEn, palette, view);
    await storage.put(main, img.main);
    await storage.put(thumb, img.thumb);
    [row] = await db
      .insert(uploads)
      .values({
        platform,
        userId,
        kind: 'image',
        storageKey: main,
        thumbnailKey: thumb,
        contentType: 'image/webp',
        byteSize: img.main.length,
        filename: `${p.slug}.webp`,
        visibility: 'public',
      })
      .returning();
  }
  return { id: row.id, url: storage.url(main), thumbnail_url: storage.url(thumb) };
}

async function seedFor(
  db: Db,
  storage: StorageDriver,
  platform: PlatformKey,
  local: string,
  list: DemoProduct[],
  owner: number,
  now: Date,
) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
  if (!user?.producerId) return;
  for (const [i, p] of list.entries()) {
    const [exists] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.producerId, user.producerId), eq(products.name, p.name)));
    if (exists) continue;
    const [cat] = await db
      .select({ id: categories.id, code: categories.code })
      .from(categories)
      .where(eq(categories.code, p.category));
    const [type] = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.name, p.type));
    const palette = PLATFORM_KEYS.indexOf(platform) * 3 + i;
    const images = [
      await storeImage(db, storage, platform, user.id, `${local}-${p.slug}-1`, p, palette, 0),
      await storeImage(db, storage, platform, user.id, `${local}-${p.slug}-2`, p, palette + 1, 1),
    ];
    const gtin = withCheckDigit(`8936045${PLATFORM_KEYS.indexOf(platform)}${owner}${String(i + 1).padStart(3, '0')}`);
    const groups: OptionGroup[] = (p.groups ?? []).map((g) => ({
      title: g.title,
      values: g.values,
      thumbnails: g.values.map(() => null),
    }));
    const created = new Date(now.getTime() - (60 - i * 7) * DAY);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          platform,
          producerId: user.producerId!,
          name: p.name,
          nameEn: p.nameEn,
          description: p.description,
          descriptionEn: p.descriptionEn,
          categoryId: cat?.id ?? null,
          productTypeId: type?.id ?? null,
          unit: p.unit,
          priceCents: p.price,
          shippingPriceCents: p.shipping ?? null,
          discountPriceCents: p.discount ?? null,
          taxRate: p.tax,
          gtin,
          gtin14: toGtin14(gtin),
          gtinVerified: true,
          sku: `${cat?.code ?? 'SP'}-${String(i + 1 + owner * 100).padStart(6, '0')}`,
          images,
          certificates: [
            {
              name: p.cert.name,
              issuer: p.cert.issuer,
              number: p.cert.number,
              valid_until: iso(new Date(now.getTime() + p.cert.months * 30 * DAY)),
              file: null,
            },
          ],
          originProvinceCode: p.province,
          originCountry: 'VN',
          brand: p.brand ?? null,
          trademark: p.trademark ?? null,
          standards: p.standards ?? [],
          shelfLifeDays: p.shelfLifeDays ?? null,
          optionGroups: groups,
          status: 'approved',
          publicCode: publicCode(),
          submittedAt: new Date(created.getTime() + DAY),
          reviewedAt: new Date(created.getTime() + 2 * DAY),
          createdAt: created,
          updatedAt: new Date(created.getTime() + 2 * DAY),
        })
        .returning();
      const variants = buildVariants(groups);
      for (const [pos, v] of variants.entries()) {
        const first = groups[0].values.indexOf(v.types[0].value);
        const extra = v.types[1]?.value === 'Hộp' || v.types[1]?.value === 'Thùng' ? 15_000 : 0;
        await tx.insert(productVariants).values({
          productId: row.id,
          types: v.types,
          priceCents: Math.round((p.price * (p.factors?.[first] ?? 1)) / 1000) * 1000 + extra,
          customerSku: `${row.sku}-${pos + 1}`,
          thumbnailId: images[0].id,
          thumbnailUrl: images[0].thumbnail_url ?? null,
          position: pos,
        });
      }
      // Approved: its approved version is what the public pages show (ADR 007).
      await tx
        .update(products)
        .set({ approvedAt: row.reviewedAt, approvedSnapshot: await approvedSnapshot(tx, row) })
        .where(eq(products.id, row.id));
    });
  }
}

/**
 * Approved demo products for each platform's demo producer and old user, with generated images
 * (through the storage driver), GS1 Vietnam GTINs (893…), certificates and variants. Idempotent:
 * a product name the producer already has is skipped.
 */
export async function seedProducts(db: Db, storage: StorageDriver, now = new Date()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    await seedFor(db, storage, platform, 'producer', PRODUCER_PRODUCTS[platform], 1, now);
    await seedFor(db, storage, platform, 'olduser', OLDUSER_PRODUCTS, 2, now);
  }
}
