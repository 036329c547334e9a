import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MULTICHANNEL_SERVICE_SLUG,
  PLATFORMS,
  PLATFORM_KEYS,
  type AbilityRule,
  type PlatformKey,
  type ProducerType,
} from '@agrihub/contract';
import type { Db } from '../client.js';
import { producers, users } from '../schema/index.js';
import { hashPassword } from '../../lib/secrets.js';
import { recordActivity } from '../../lib/activity.js';

export const DEMO_PASSWORD = 'Demo@123';

interface DemoAccount {
  local: string;
  name: string;
  roles?: string[];
  abilities?: AbilityRule[];
  producer?: {
    name: string;
    status: 'pending' | 'approved' | 'closed';
    /** Default: cooperative for `producer`, household for the others. */
    type?: ProducerType;
    /** Business profile fields (province, tax code, address…) beyond the defaults. */
    profile?: Partial<typeof producers.$inferInsert>;
  };
  createdAt?: Date;
  requiredChangePassword?: boolean;
  registedServices?: string[];
  /** A deactivated account (no login): the back office's user list shows one. */
  deactivatedAt?: Date;
}

const PRODUCERS: Record<PlatformKey, string> = {
  dtrack: 'Hợp tác xã Nông nghiệp Xanh Mộc Châu',
  agrihub: 'Hợp tác xã Rau an toàn Đà Lạt',
  foodmap: 'Hợp tác xã Thủy sản Cà Mau',
};

/** The approved demo producer's business profile: complete except the logo, so the dashboard has a next step. */
const PROFILES: Record<PlatformKey, Partial<typeof producers.$inferInsert>> = {
  dtrack: {
    businessFields: ['cultivate', 'agricultural_production'],
    taxCode: '5500512345',
    provinceCode: '14',
    address: 'Tiểu khu 4, xã Mộc Châu, tỉnh Sơn La',
    description: 'Hợp tác xã trồng chè Shan tuyết và rau an toàn theo tiêu chuẩn VietGAP trên cao nguyên Mộc Châu.',
  },
  agrihub: {
    businessFields: ['cultivate'],
    taxCode: '5800612345',
    provinceCode: '68',
    address: 'Thôn Đa Thọ, xã Xuân Thọ, tỉnh Lâm Đồng',
    description: 'Hợp tác xã sản xuất rau, hoa và dâu tây an toàn, cung ứng cho các hệ thống siêu thị.',
  },
  foodmap: {
    businessFields: ['seafood'],
    taxCode: '2000712345',
    provinceCode: '96',
    address: 'Ấp Rạch Gốc, xã Tân Ân, tỉnh Cà Mau',
    description: 'Hợp tác xã nuôi tôm sinh thái dưới tán rừng ngập mặn và chế biến tôm khô.',
  },
};

export function demoAccounts(platform: PlatformKey): DemoAccount[] {
  return [
    { local: 'admin', name: 'Quản trị viên', roles: ['admin'] },
    {
      local: 'support',
      name: 'Nhân viên hỗ trợ',
      roles: ['customer_support'],
      abilities: [
        { action: 'read', subject: 'producer' },
        { action: 'read', subject: 'product' },
        { action: 'read', subject: 'message' },
        { action: 'update', subject: 'message' },
        // Support advises on service requests and moves them through contract and payment (DESIGN §5.2).
        { action: 'read', subject: 'user_register_service' },
        { action: 'update', subject: 'user_register_service' },
      ],
    },
    {
      local: 'approver',
      name: 'Người phê duyệt hồ sơ',
      roles: ['approver'],
      // Reads the service requests and approves a submitted dossier (submitted_profile →
      // approved_profile); the flow's table gives the role no other move (DESIGN §5.2).
      abilities: [
        { action: 'read', subject: 'user_register_service' },
        { action: 'update', subject: 'user_register_service' },
      ],
    },
    // Purchase orders (DTrack's menu): purchasing writes them, purchase-approver approves them (never its own).
    {
      local: 'purchasing',
      name: 'Nhân viên thu mua',
      roles: ['purchasing'],
      abilities: [
        { action: 'read', subject: 'purchase_order' },
        { action: 'create', subject: 'purchase_order' },
        { action: 'update', subject: 'purchase_order' },
        { action: 'read', subject: 'producer_oem' },
      ],
    },
    {
      local: 'purchase-approver',
      name: 'Trưởng phòng mua hàng',
      roles: ['approve_purchase_order'],
      abilities: [
        { action: 'read', subject: 'purchase_order' },
        { action: 'update', subject: 'purchase_order' },
      ],
    },
    // A former employee: deactivated, so it cannot sign in (its history says so).
    {
      local: 'deactivated',
      name: 'Hoàng Văn Nghỉ',
      roles: ['customer_support'],
      abilities: [{ action: 'read', subject: 'producer' }],
      deactivatedAt: new Date('2025-09-30T10:00:00Z'),
    },
    {
      local: 'producer',
      name: 'Nguyễn Văn An',
      producer: { name: PRODUCERS[platform], status: 'approved' },
      createdAt: new Date('2024-03-15T02:00:00Z'),
      registedServices: [MULTICHANNEL_SERVICE_SLUG],
    },
    {
      local: 'newuser',
      name: 'Trần Thị Bình',
      producer: { name: 'Hộ kinh doanh Trần Thị Bình', status: 'pending' },
      createdAt: new Date('2025-06-01T03:00:00Z'),
    },
    {
      local: 'olduser',
      name: 'Lê Văn Cường',
      producer: { name: 'Cơ sở sản xuất Lê Gia', status: 'approved' },
      createdAt: new Date('2021-05-10T03:00:00Z'),
    },
    {
      local: 'changeme',
      name: 'Phạm Thị Dung',
      requiredChangePassword: true,
      producer: { name: 'Cơ sở Phạm Dung', status: 'approved' },
    },
    {
      local: 'closed',
      name: 'Đỗ Văn Em',
      producer: { name: 'Tổ hợp tác chè Đỗ Gia', status: 'closed' },
      createdAt: new Date('2023-09-01T03:00:00Z'),
    },
    ...(PLATFORMS[platform].features.tracking ? supplyChainAccounts() : []),
  ];
}

/** Local parts of the supply chain demo's accounts (seed/supply-chain.ts), on platforms that show batches. */
export const CHAIN_ACCOUNTS = {
  coop: 'coop',
  farms: ['farm1', 'farm2', 'farm3'],
  shop: 'shop',
} as const;

/**
 * The coffee chain's producers (seed/supply-chain.ts): a cooperative in Đắk Lắk, three member
 * farms and a shop. All created before the old-user cutoff (members since 2021–2022), so DTrack
 * gives them the product and batch parts without a service registration.
 */
function supplyChainAccounts(): DemoAccount[] {
  const farm = (local: string, name: string, taxCode: string, address: string, createdAt: string): DemoAccount => ({
    local,
    name,
    producer: {
      name: `Nông hộ ${name}`,
      status: 'approved',
      type: 'household',
      profile: {
        businessFields: ['cultivate'],
        taxCode,
        provinceCode: '66',
        address,
        representative: name,
        description: 'Nông hộ trồng cà phê vối (Robusta) theo VietGAP, thành viên Hợp tác xã Cà phê Cư M’gar.',
      },
    },
    createdAt: new Date(createdAt),
  });
  return [
    {
      local: CHAIN_ACCOUNTS.coop,
      name: 'H’Linh Niê',
      producer: {
        name: 'Hợp tác xã Cà phê Cư M’gar',
        status: 'approved',
        type: 'cooperative',
        profile: {
          businessFields: ['cultivate', 'agricultural_production'],
          taxCode: '6001712345',
          provinceCode: '66',
          address: 'Thôn 5, xã Cư M’gar, tỉnh Đắk Lắk',
          representative: 'H’Linh Niê',
          description:
            'Hợp tác xã thu mua cà phê quả tươi của các nông hộ thành viên đạt VietGAP, sơ chế, rang xay và phân phối cà phê truy xuất được nguồn gốc.',
        },
      },
      createdAt: new Date('2021-11-08T02:00:00Z'),
    },
    farm(
      CHAIN_ACCOUNTS.farms[0],
      'Y Thuyên Niê',
      '8012345671',
      'Buôn Ea Mdróh, xã Cư M’gar, tỉnh Đắk Lắk',
      '2022-03-14T02:00:00Z',
    ),
    farm(
      CHAIN_ACCOUNTS.farms[1],
      'Nguyễn Thị Hạnh',
      '8012345672',
      'Thôn 3, xã Ea Kiết, tỉnh Đắk Lắk',
      '2022-04-02T02:00:00Z',
    ),
    farm(
      CHAIN_ACCOUNTS.farms[2],
      'Lê Văn Phúc',
      '8012345673',
      'Thôn 7, xã Cuôr Đăng, tỉnh Đắk Lắk',
      '2022-05-20T02:00:00Z',
    ),
    {
      local: CHAIN_ACCOUNTS.shop,
      name: 'Trương Minh Khoa',
      producer: {
        name: 'Cửa hàng Cà phê Ban Mê Xanh',
        status: 'approved',
        type: 'household',
        profile: {
          businessFields: ['agricultural_production'],
          taxCode: '6001798765',
          provinceCode: '66',
          address: '45 Lý Thường Kiệt, phường Buôn Ma Thuột, tỉnh Đắk Lắk',
          representative: 'Trương Minh Khoa',
          description: 'Cửa hàng bán lẻ cà phê rang xay có nguồn gốc từ các hợp tác xã Đắk Lắk.',
        },
      },
      createdAt: new Date('2022-07-01T02:00:00Z'),
    },
  ];
}

export function demoEmail(local: string, platform: PlatformKey) {
  return `${local}@${platform}.demo`;
}

/** How many demo accounts (of every platform) can sign in: not deactivated. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const emails = PLATFORM_KEYS.flatMap((platform) => demoAccounts(platform).map((a) => demoEmail(a.local, platform)));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.deactivatedAt)));
  return n;
}

/** Demo accounts for every platform; idempotent (existing accounts are left as they are). */
export async function seedAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const platform of PLATFORM_KEYS) {
    for (const a of demoAccounts(platform)) {
      const email = demoEmail(a.local, platform);
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.platform, platform), eq(users.email, email)));
      if (existing) continue;
      await db.transaction(async (tx) => {
        let producerId: number | null = null;
        if (a.producer) {
          const [p] = await tx
            .insert(producers)
            .values({
              platform,
              name: a.producer.name,
              producerType: a.producer.type ?? (a.local === 'producer' ? 'cooperative' : 'household'),
              businessFields: ['cultivate'],
              status: a.producer.status,
              provinceCode: '14',
              phone: '+84912345678',
              email,
              ...(a.local === 'producer' ? { ...PROFILES[platform], representative: a.name } : {}),
              ...a.producer.profile,
              ...(a.createdAt ? { createdAt: a.createdAt } : {}),
            })
            .returning({ id: producers.id });
          producerId = p.id;
        }
        const [created] = await tx
          .insert(users)
          .values({
            platform,
            email,
            name: a.name,
            passwordHash,
            roles: a.roles ?? [],
            abilities: a.abilities ?? [],
            producerId,
            registedServices: a.registedServices ?? [],
            requiredChangePassword: a.requiredChangePassword ?? false,
            ...(a.createdAt ? { createdAt: a.createdAt } : {}),
            ...(a.deactivatedAt ? { deactivatedAt: a.deactivatedAt } : {}),
          })
          .returning({ id: users.id });
        if (a.deactivatedAt) {
          await recordActivity(tx, {
            subjectType: 'user',
            subjectId: created.id,
            platform,
            actorId: null,
            action: 'deactivate',
          });
        }
      });
    }
  }
}
