import { and, eq } from 'drizzle-orm';
import {
  PLATFORM_KEYS,
  PLATFORMS,
  type PlatformKey,
  type SaleChannelKind,
  type SaleChannelRequirements,
} from '@agrihub/contract';
import type { Db } from '../client.js';
import { saleChannels } from '../schema/index.js';
import { randomToken } from '../../lib/secrets.js';

interface SeedChannel {
  code: string;
  name: string;
  kind: SaleChannelKind;
  website: string;
  description: string;
  descriptionEn: string;
  requirements: SaleChannelRequirements;
}

const req = (r: Partial<SaleChannelRequirements>): SaleChannelRequirements => ({
  gtin: false,
  min_images: 1,
  approved_product: true,
  price: true,
  min_description: 0,
  ...r,
});

/**
 * The Vietnamese channels every platform offers (DESIGN §5.3), with requirements close to what each
 * asks of a listing: Tiki wants a barcode on its catalogue, the big marketplaces several photos
 * and a real description, the post offices' farm marketplaces less, the platform's own store only
 * an approved product with a price.
 */
const CHANNELS: SeedChannel[] = [
  {
    code: 'shopee',
    name: 'Shopee',
    kind: 'marketplace',
    website: 'https://shopee.vn',
    description: 'Sàn thương mại điện tử phổ biến nhất Việt Nam. Sản phẩm cần ít nhất 3 ảnh và mô tả từ 100 ký tự.',
    descriptionEn:
      'The most used marketplace in Vietnam. Listings need at least 3 photos and a description of 100 characters or more.',
    requirements: req({ min_images: 3, min_description: 100 }),
  },
  {
    code: 'lazada',
    name: 'Lazada',
    kind: 'marketplace',
    website: 'https://www.lazada.vn',
    description: 'Sàn thương mại điện tử với kho vận LazMall. Cần ít nhất 3 ảnh và mô tả từ 80 ký tự.',
    descriptionEn:
      'Marketplace with LazMall fulfilment. Needs at least 3 photos and a description of 80 characters or more.',
    requirements: req({ min_images: 3, min_description: 80 }),
  },
  {
    code: 'tiktok_shop',
    name: 'TikTok Shop',
    kind: 'social',
    website: 'https://shop.tiktok.com',
    description: 'Bán hàng qua video và livestream trên TikTok. Cần ít nhất 2 ảnh và mô tả từ 50 ký tự.',
    descriptionEn:
      'Selling through TikTok videos and livestreams. Needs at least 2 photos and a description of 50 characters or more.',
    requirements: req({ min_images: 2, min_description: 50 }),
  },
  {
    code: 'tiki',
    name: 'Tiki',
    kind: 'marketplace',
    website: 'https://tiki.vn',
    description:
      'Sàn thương mại điện tử chú trọng hàng chính hãng: bắt buộc mã vạch GTIN hợp lệ, ít nhất 3 ảnh, mô tả từ 100 ký tự.',
    descriptionEn:
      'Marketplace focused on genuine goods: a valid GTIN barcode, at least 3 photos and a description of 100 characters or more.',
    requirements: req({ gtin: true, min_images: 3, min_description: 100 }),
  },
  {
    code: 'postmart',
    name: 'Postmart',
    kind: 'marketplace',
    website: 'https://postmart.vn',
    description: 'Sàn nông sản của Bưu điện Việt Nam, giao hàng qua mạng lưới bưu cục. Cần 1 ảnh và mô tả từ 30 ký tự.',
    descriptionEn:
      "Vietnam Post's farm produce marketplace, delivered through the post office network. Needs 1 photo and a description of 30 characters or more.",
    requirements: req({ min_images: 1, min_description: 30 }),
  },
  {
    code: 'voso',
    name: 'Voso',
    kind: 'marketplace',
    website: 'https://voso.vn',
    description: 'Sàn thương mại điện tử của Viettel Post. Cần ít nhất 2 ảnh và mô tả từ 50 ký tự.',
    descriptionEn: "Viettel Post's marketplace. Needs at least 2 photos and a description of 50 characters or more.",
    requirements: req({ min_images: 2, min_description: 50 }),
  },
];

/** The platform's own store, named after the platform. */
function ownStore(platform: PlatformKey): SeedChannel {
  const name = PLATFORMS[platform].name;
  return {
    code: 'own_store',
    name: `${name} Store`,
    kind: 'own_store',
    website: '',
    description: `Cửa hàng trực tuyến của ${name}: sản phẩm đã duyệt, có giá bán là lên kệ.`,
    descriptionEn: `${name}'s own online store: an approved product with a price is listed.`,
    requirements: req({ min_images: 1 }),
  };
}

/** The channels of one platform, in display order. */
export function saleChannelsOf(platform: PlatformKey): SeedChannel[] {
  return [...CHANNELS, ownStore(platform)];
}

/**
 * Idempotent: a channel already there (by platform and code) is left as an administrator may
 * have changed it (requirements, active, token). Each channel gets its own random feed token.
 */
export async function seedSaleChannels(db: Db): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    for (const [position, c] of saleChannelsOf(platform).entries()) {
      const [has] = await db
        .select({ id: saleChannels.id })
        .from(saleChannels)
        .where(and(eq(saleChannels.platform, platform), eq(saleChannels.code, c.code)))
        .limit(1);
      if (has) continue;
      await db.insert(saleChannels).values({
        ...c,
        platform,
        logoUrl: `/channels/${c.code}.svg`,
        feedToken: randomToken(),
        position,
      });
    }
  }
}
