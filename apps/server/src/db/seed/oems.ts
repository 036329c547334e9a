import { and, eq, inArray } from 'drizzle-orm';
import { addDays, PLATFORM_KEYS, PLATFORMS, todayInVietnam, type PlatformKey, type Unit } from '@agrihub/contract';
import type { Db } from '../client.js';
import { activity, categories, producerOems, users, type OemCertificate } from '../schema/index.js';
import { demoEmail } from './accounts.js';

interface PlannedCertificate {
  name: string;
  issuer: string;
  number: string;
  /** Days from the seeding day to its last valid day (negative: already expired). */
  days: number;
}

interface PlannedOem {
  name: string;
  taxCode: string;
  contactName: string;
  phone: string;
  email: string;
  website?: string;
  provinceCode: string;
  address: string;
  /** Category codes of the demo catalogue (seed/catalog.ts). */
  categories: string[];
  capacity: [number, Unit];
  moq: [number, Unit];
  certificates: PlannedCertificate[];
  active?: boolean;
  note?: string;
}

/**
 * The demo OEM directory (DESIGN §5.5) of platforms with OEMs: nine contract manufacturers across
 * provinces and categories; one certificate ends within 30 days (the expiry job tells the staff of
 * it), one within 60, one has ended, and one OEM is inactive. Dates are relative to the seeding day.
 */
export const DEMO_OEMS: PlannedOem[] = [
  {
    name: 'Công ty TNHH Thực phẩm Sao Mai',
    taxCode: '0108452761',
    contactName: 'Nguyễn Thị Hạnh',
    phone: '+84912345678',
    email: 'kinhdoanh@saomaifood.vn',
    website: 'https://saomaifood.vn',
    provinceCode: '01',
    address: 'Lô C5, Khu công nghiệp Phú Nghĩa, xã Phú Nghĩa, Thành phố Hà Nội',
    categories: ['403', '409'],
    capacity: [20_000, 'Kg'],
    moq: [500, 'Kg'],
    certificates: [
      { name: 'ISO 22000:2018', issuer: 'Bureau Veritas', number: 'VN-ISO-22000-1187', days: 420 },
      { name: 'HACCP', issuer: 'Quacert', number: 'HC-2024-0931', days: 18 },
    ],
    note: 'Gia công bánh quy, bánh mềm và trái cây sấy dẻo; nhận in bao bì theo thương hiệu khách.',
  },
  {
    name: 'Công ty CP Nước mắm Phú Quốc Xanh',
    taxCode: '1701234580',
    contactName: 'Trần Văn Lộc',
    phone: '+842973845120',
    email: 'lienhe@nuocmamphuquocxanh.vn',
    provinceCode: '91',
    address: 'Tổ 3, khu phố 7, đặc khu Phú Quốc, tỉnh An Giang',
    categories: ['402'],
    capacity: [50_000, 'Chai'],
    moq: [1_000, 'Chai'],
    certificates: [
      { name: 'HACCP', issuer: 'Vinacontrol', number: 'VNC-HACCP-5521', days: 300 },
      { name: 'BRCGS Food Safety', issuer: 'SGS Việt Nam', number: 'BRC-88120', days: 45 },
    ],
  },
  {
    name: 'Hợp tác xã Chè Tân Cương Xanh',
    taxCode: '4600812345',
    contactName: 'Đỗ Thị Thu',
    phone: '+84983112456',
    email: 'htxchetancuong@gmail.com',
    provinceCode: '19',
    address: 'Xóm Hồng Thái 2, xã Tân Cương, tỉnh Thái Nguyên',
    categories: ['501', '502'],
    capacity: [3_000, 'Kg'],
    moq: [50, 'Kg'],
    certificates: [
      { name: 'VietGAP', issuer: 'Trung tâm Chứng nhận Phù hợp Quacert', number: 'VG-TN-0412', days: -20 },
      { name: 'Hữu cơ TCVN 11041', issuer: 'Viện Môi trường Nông nghiệp', number: 'HC-11041-077', days: 510 },
    ],
    note: 'Chứng nhận VietGAP đã hết hạn, HTX đang làm hồ sơ tái chứng nhận.',
  },
  {
    name: 'Công ty TNHH Cà phê Buôn Ma Thuột Việt',
    taxCode: '6001587432',
    contactName: 'Y Bhăm Niê',
    phone: '+842623859010',
    email: 'sales@bmtcoffee.vn',
    website: 'https://bmtcoffee.vn',
    provinceCode: '66',
    address: 'Km 7 Quốc lộ 14, phường Tân An, tỉnh Đắk Lắk',
    categories: ['504', '505'],
    capacity: [15_000, 'Kg'],
    moq: [200, 'Kg'],
    certificates: [
      { name: '4C', issuer: '4C Services', number: '4C-VN-2231', days: 610 },
      { name: 'Rainforest Alliance', issuer: 'Rainforest Alliance', number: 'RA-CoC-77412', days: 250 },
    ],
  },
  {
    name: 'Công ty CP Thủy sản Rạch Gốc',
    taxCode: '2000458821',
    contactName: 'Lê Minh Tâm',
    phone: '+842903881450',
    email: 'export@rachgocseafood.vn',
    provinceCode: '96',
    address: 'Ấp Rạch Gốc, xã Tân Ân, tỉnh Cà Mau',
    categories: ['301', '406'],
    capacity: [80_000, 'Kg'],
    moq: [2_000, 'Kg'],
    certificates: [
      { name: 'ASC', issuer: 'Control Union', number: 'ASC-C-02117', days: 365 },
      { name: 'BAP 4 sao', issuer: 'Global Seafood Alliance', number: 'BAP-P-10345', days: 200 },
    ],
  },
  {
    name: 'Cơ sở Bánh tráng Hòa Thành',
    taxCode: '3900987654',
    contactName: 'Phạm Thị Lan',
    phone: '+842763822100',
    email: 'banhtranghoathanh@gmail.com',
    provinceCode: '80',
    address: 'Khu phố Long Thời, phường Hòa Thành, tỉnh Tây Ninh',
    categories: ['401', '605'],
    capacity: [10_000, 'Túi'],
    moq: [500, 'Túi'],
    certificates: [
      {
        name: 'Giấy chứng nhận cơ sở đủ điều kiện an toàn thực phẩm',
        issuer: 'Sở Y tế Tây Ninh',
        number: '125/2024/ATTP-CNĐK',
        days: 150,
      },
    ],
  },
  {
    name: 'Công ty TNHH Mật ong Mộc Châu',
    taxCode: '5500612378',
    contactName: 'Hà Văn Sơn',
    phone: '+842123866770',
    email: 'matongmocchau@gmail.com',
    provinceCode: '14',
    address: 'Tiểu khu 19/5, xã Mộc Châu, tỉnh Sơn La',
    categories: ['408'],
    capacity: [5_000, 'Chai'],
    moq: [100, 'Chai'],
    certificates: [{ name: 'USDA Organic', issuer: 'Control Union', number: 'CU-USDA-889021', days: 700 }],
    active: false,
    note: 'Tạm ngừng hợp tác: thiếu nguyên liệu vụ xuân, liên hệ lại sau tháng 9.',
  },
  {
    name: 'Công ty CP Dầu thực vật Đồng Nai',
    taxCode: '3601234567',
    contactName: 'Võ Quốc Huy',
    phone: '+842513834560',
    email: 'oem@dauthucvatdongnai.vn',
    website: 'https://dauthucvatdongnai.vn',
    provinceCode: '75',
    address: 'Đường số 9, Khu công nghiệp Biên Hòa 2, phường Long Bình, tỉnh Đồng Nai',
    categories: ['407'],
    capacity: [200_000, 'Chai'],
    moq: [5_000, 'Chai'],
    certificates: [
      { name: 'ISO 9001:2015', issuer: 'TÜV Rheinland', number: 'TR-9001-5530', days: 900 },
      { name: 'FSSC 22000', issuer: 'TÜV Rheinland', number: 'TR-FSSC-2210', days: 120 },
    ],
  },
  {
    name: 'Công ty TNHH Đồ uống Sài Gòn Xanh',
    taxCode: '0312456789',
    contactName: 'Nguyễn Hoàng Yến',
    phone: '+842838224560',
    email: 'hoangyen@saigonxanh.vn',
    provinceCode: '79',
    address: '45 Đường số 3, Khu công nghiệp Tân Bình, phường Tây Thạnh, Thành phố Hồ Chí Minh',
    categories: ['404', '506'],
    capacity: [100_000, 'Chai'],
    moq: [3_000, 'Chai'],
    certificates: [{ name: 'Halal', issuer: 'Cục Chứng nhận Halal Việt Nam', number: 'HALAL-VN-3391', days: 80 }],
  },
];

async function seedPlatform(db: Db, platform: PlatformKey): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ name: producerOems.name })
        .from(producerOems)
        .where(
          and(
            eq(producerOems.platform, platform),
            inArray(
              producerOems.name,
              DEMO_OEMS.map((o) => o.name),
            ),
          ),
        )
    ).map((r) => r.name),
  );
  const missing = DEMO_OEMS.filter((o) => !existing.has(o.name));
  if (!missing.length) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail('admin', platform))));
  const codes = new Map(
    (await db.select({ id: categories.id, code: categories.code }).from(categories)).map((c) => [c.code, c.id]),
  );
  const today = todayInVietnam();
  for (const o of missing) {
    const certificates: OemCertificate[] = o.certificates.map((c) => ({
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      valid_until: addDays(today, c.days),
      file: null,
    }));
    // Each OEM in its own transaction with its history row: a seed stopped halfway resumes with the rest.
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(producerOems)
        .values({
          platform,
          name: o.name,
          taxCode: o.taxCode,
          contactName: o.contactName,
          phone: o.phone,
          email: o.email,
          website: o.website ?? null,
          provinceCode: o.provinceCode,
          address: o.address,
          categoryIds: o.categories.flatMap((code) => (codes.has(code) ? [codes.get(code)!] : [])),
          monthlyCapacity: o.capacity[0],
          capacityUnit: o.capacity[1],
          moq: o.moq[0],
          moqUnit: o.moq[1],
          certificates,
          active: o.active ?? true,
          note: o.note ?? null,
          createdBy: admin?.id ?? null,
        })
        .returning({ id: producerOems.id });
      await tx.insert(activity).values({
        subjectType: 'producer_oem',
        subjectId: row.id,
        platform,
        actorId: admin?.id ?? null,
        action: 'create',
      });
    });
  }
}

/** The demo OEMs of every platform that has the directory (DTrack); those already there are kept. */
export async function seedOems(db: Db): Promise<void> {
  for (const platform of PLATFORM_KEYS) if (PLATFORMS[platform].features.oems) await seedPlatform(db, platform);
}
