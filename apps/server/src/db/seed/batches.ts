import { and, asc, eq } from 'drizzle-orm';
import { PLATFORM_KEYS, TRACE_STEP_LABELS, type PlatformKey, type TraceStep } from '@agrihub/contract';
import type { Db } from '../client.js';
import { activity, products, traceEvents, traceScans, traceabilities, uploads, users, type StoredFile } from '../schema/index.js';
import type { StorageDriver } from '../../plugins/storage.js';
import { publicCode } from '../../lib/secrets.js';
import { gtinToPrint } from '../../modules/products/gtin-reservations.js';
import { demoEmail } from './accounts.js';
import { scenePhoto } from './trace-photos.js';

/** Fixed public codes of the first demo batch of each platform (README links the dtrack one). */
export const DEMO_TRACE_CODES: Record<PlatformKey, string> = {
  dtrack: 'DEMOTRACE0000001',
  agrihub: 'DEMOTRACE0000002',
  foodmap: 'DEMOTRACE0000003',
};

interface Place {
  name: string;
  province: string;
}
interface Story {
  base: { name: string; address: string; province_code: string };
  farm: Place;
  plant: Place;
  market: Place;
  /** Step → description; `{p}` is the product name. */
  text: Partial<Record<TraceStep, string>>;
}

const STORIES: Record<PlatformKey, Story> = {
  dtrack: {
    base: {
      name: 'Vùng trồng Tân Lập – HTX Nông nghiệp Xanh Mộc Châu',
      address: 'Bản Tà Phình, xã Tân Lập',
      province_code: '14',
    },
    farm: { name: 'Đồi chè Tà Phình, xã Tân Lập, Sơn La', province: '14' },
    plant: { name: 'Xưởng chế biến HTX, xã Mộc Châu, Sơn La', province: '14' },
    market: { name: 'Kho phân phối Long Biên, Hà Nội', province: '01' },
    text: {
      planting: 'Xuống giống {p} trên vùng đồi đã cải tạo đất, mật độ theo hướng dẫn VietGAP.',
      caring: 'Làm cỏ thủ công, bón phân hữu cơ hoai mục; không dùng thuốc diệt cỏ. Ghi nhật ký đồng ruộng hằng tuần.',
      harvesting: 'Thu hái {p} vào sáng sớm, chọn búp một tôm hai lá, đựng trong sọt tre thoáng khí.',
      processing: 'Làm héo, vò và sao khô trên chảo gang ở nhiệt độ kiểm soát; kiểm tra độ ẩm dưới 5%.',
      packing: 'Đóng gói hút chân không, dán tem truy xuất có mã QR cho từng gói.',
      shipping: 'Vận chuyển bằng xe tải khô ráo về kho Hà Nội, thời gian 5 giờ.',
    },
  },
  agrihub: {
    base: {
      name: 'Nhà kính Xuân Thọ – HTX Rau an toàn Đà Lạt',
      address: 'Thôn Xuân Thành, phường Xuân Hương – Đà Lạt',
      province_code: '68',
    },
    farm: { name: 'Nhà kính Xuân Thọ, Đà Lạt, Lâm Đồng', province: '68' },
    plant: { name: 'Nhà sơ chế HTX, phường Lâm Viên – Đà Lạt, Lâm Đồng', province: '68' },
    market: { name: 'Chợ đầu mối Bình Điền, TP. Hồ Chí Minh', province: '79' },
    text: {
      planting: 'Gieo hạt {p} vào khay ươm giá thể xơ dừa, chuyển ra luống sau 15 ngày.',
      caring: 'Tưới nhỏ giọt theo độ ẩm đất, bón phân hữu cơ vi sinh; bẫy dính côn trùng thay cho thuốc hóa học.',
      harvesting: 'Thu hoạch {p} lúc trời mát, cắt gốc bằng dao inox sạch, xếp vào sọt nhựa.',
      processing: 'Sơ chế: loại lá úa, rửa bằng nước sạch, làm ráo và làm lạnh sơ bộ ở 8 °C.',
      packing: 'Đóng túi lưới và thùng carton có lỗ thoáng, dán tem truy xuất QR.',
      shipping: 'Xe lạnh 5 °C chở về chợ đầu mối Bình Điền trong đêm.',
    },
  },
  foodmap: {
    base: {
      name: 'Vùng nuôi tôm – rừng Tân Ân – HTX Thủy sản Cà Mau',
      address: 'Ấp Kiến Vàng, xã Tân Ân',
      province_code: '96',
    },
    farm: { name: 'Ao nuôi tôm – rừng, xã Tân Ân, Cà Mau', province: '96' },
    plant: { name: 'Nhà máy chế biến, phường An Xuyên, Cà Mau', province: '96' },
    market: { name: 'Kho lạnh Tân Tạo, TP. Hồ Chí Minh', province: '79' },
    text: {
      planting: 'Thả giống {p} đã kiểm dịch, mật độ thưa theo mô hình tôm – rừng sinh thái.',
      caring: 'Thay nước theo con nước thủy triều, không dùng kháng sinh; đo độ mặn và pH mỗi ngày.',
      harvesting: 'Thu hoạch {p} bằng lú vào con nước rong, ướp đá ngay tại bờ ao.',
      processing: 'Rửa, phân cỡ và cấp đông IQF tại nhà máy đạt chuẩn HACCP.',
      packing: 'Đóng hộp giấy tráng sáp 1 kg, dán tem truy xuất QR.',
      shipping: 'Xe container lạnh −18 °C chở về kho TP. Hồ Chí Minh.',
    },
  },
};

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);

interface Plan {
  lot: string;
  code: string;
  steps: TraceStep[];
  state: 'published' | 'recalled' | 'draft';
  /** Days before today the first stage happened. */
  start: number;
  quantity: number;
  recallReason?: string;
  expiredCertificate?: boolean;
}

function plans(platform: PlatformKey): Plan[] {
  const p = platform.slice(0, 2).toUpperCase();
  return [
    {
      lot: `${p}-LOT-001`,
      code: DEMO_TRACE_CODES[platform],
      steps: ['planting', 'caring', 'harvesting', 'processing', 'packing', 'shipping'],
      state: 'published',
      start: 120,
      quantity: 500,
    },
    {
      lot: `${p}-LOT-002`,
      code: publicCode(),
      steps: ['planting', 'caring', 'harvesting', 'packing', 'shipping'],
      state: 'published',
      start: 90,
      quantity: 300,
      expiredCertificate: true,
    },
    {
      lot: `${p}-LOT-003`,
      code: publicCode(),
      steps: ['planting', 'caring', 'harvesting', 'packing'],
      state: 'recalled',
      start: 150,
      quantity: 200,
      recallReason:
        'Kết quả kiểm nghiệm định kỳ phát hiện dư lượng vượt ngưỡng cho phép; đề nghị người tiêu dùng ngừng sử dụng và liên hệ đơn vị để được đổi trả.',
    },
    {
      lot: `${p}-LOT-004`,
      code: publicCode(),
      steps: ['planting', 'caring'],
      state: 'draft',
      start: 20,
      quantity: 400,
    },
  ];
}

/**
 * Demo batches for each platform's demo producer, on the products the products seed created:
 * published ones with 4–6 stages and generated photos, one recalled, one draft. Idempotent:
 * a lot code the producer already has is skipped.
 */
export async function seedBatches(db: Db, storage: StorageDriver, now = new Date()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    const [user] = await db
      .select({ id: users.id, producerId: users.producerId })
      .from(users)
      .where(and(eq(users.platform, platform), eq(users.email, demoEmail('producer', platform))));
    if (!user?.producerId) continue;
    const own = await db
      .select()
      .from(products)
      .where(and(eq(products.producerId, user.producerId), eq(products.platform, platform)))
      .orderBy(asc(products.id));
    if (!own.length) continue;
    const story = STORIES[platform];
    for (const [i, plan] of plans(platform).entries()) {
      // The stories fit the flagship product (tea, lettuce, shrimp); the draft goes on the second one.
      const product = (plan.state === 'draft' ? own[1] : undefined) ?? own[0];
      const [exists] = await db
        .select({ id: traceabilities.id })
        .from(traceabilities)
        .where(and(eq(traceabilities.producerId, user.producerId), eq(traceabilities.lotCode, plan.lot)));
      if (exists) continue;
      const photos: StoredFile[][] = [];
      for (const [j, step] of plan.steps.entries()) {
        const caption = `${TRACE_STEP_LABELS[step].vi} – ${product.name}`;
        const { main, thumb } = await scenePhoto(step, caption, (i + j) % 3);
        const key = `demo/trace/${platform}/${plan.lot}-${j + 1}`;
        await storage.put(`${key}.jpg`, main);
        await storage.put(`${key}-thumb.webp`, thumb);
        // A start that crashed after this photo and before its batch left the upload row: reuse it.
        const [up] = await db
          .insert(uploads)
          .values({
            platform,
            userId: user.id,
            kind: 'image',
            storageKey: `${key}.jpg`,
            thumbnailKey: `${key}-thumb.webp`,
            contentType: 'image/jpeg',
            byteSize: main.length,
            filename: `${step}.jpg`,
            visibility: 'public',
          })
          .onConflictDoUpdate({ target: uploads.storageKey, set: { byteSize: main.length } })
          .returning();
        photos.push(
          up
            ? [
                {
                  id: up.id,
                  url: storage.url(`${key}.jpg`),
                  thumbnail_url: storage.url(`${key}-thumb.webp`),
                  filename: `${step}.jpg`,
                  content_type: 'image/jpeg',
                },
              ]
            : [],
        );
      }
      const first = new Date(now.getTime() - plan.start * DAY);
      const last = new Date(first.getTime() + (plan.steps.length - 1) * 12 * DAY);
      const published = plan.state !== 'draft';
      await db.transaction(async (tx) => {
        const [b] = await tx
          .insert(traceabilities)
          .values({
            platform,
            producerId: user.producerId!,
            productId: product.id,
            lotCode: plan.lot,
            publicCode: plan.code,
            productionDate: iso(last),
            expiryDate: iso(new Date(last.getTime() + 365 * DAY)),
            quantity: plan.quantity,
            unit: product.unit,
            productionBase: story.base,
            certificates: [
              {
                name: 'Chứng nhận VietGAP',
                issuer: 'Trung tâm Chứng nhận Phù hợp (QUACERT)',
                number: `VG-${plan.lot}`,
                valid_until: iso(new Date(now.getTime() + 400 * DAY)),
                file: null,
              },
              ...(plan.expiredCertificate
                ? [
                    {
                      name: 'Giấy chứng nhận cơ sở đủ điều kiện ATTP',
                      issuer: 'Sở Nông nghiệp và Môi trường',
                      number: `ATTP-${plan.lot}`,
                      valid_until: iso(new Date(now.getTime() - 30 * DAY)),
                      file: null,
                    },
                  ]
                : []),
            ],
            status: published ? 'published' : 'draft',
            // As a publication records it (ADR 030): the Digital Link the demo packs print.
            gtin14: published
              ? await gtinToPrint(tx, { platform, producerId: user.producerId!, productId: product.id })
              : null,
            publishedAt: published ? new Date(last.getTime() + DAY) : null,
            recalledAt: plan.state === 'recalled' ? new Date(now.getTime() - 5 * DAY) : null,
            recallReason: plan.recallReason ?? null,
            createdAt: first,
            updatedAt: now,
          })
          .returning();
        if (published) await tx.insert(traceScans).values({ traceabilityId: b.id, scans: 37 + i * 11 });
        for (const [j, step] of plan.steps.entries()) {
          // 07:30 local time (UTC+7) on the stage's day.
          const at = new Date(`${iso(new Date(first.getTime() + j * 12 * DAY))}T07:30:00+07:00`);
          const place =
            step === 'shipping' ? story.market : step === 'processing' || step === 'packing' ? story.plant : story.farm;
          await tx.insert(traceEvents).values({
            traceabilityId: b.id,
            step,
            occurredAt: at,
            place: place.name,
            description: (story.text[step] ?? '').replace('{p}', product.name),
            photos: photos[j] ?? [],
            position: j,
            createdBy: user.id,
          });
        }
        await tx.insert(activity).values([
          {
            subjectType: 'traceability',
            subjectId: b.id,
            platform: b.platform,
            actorId: user.id,
            action: 'create',
            diff: { lot_code: plan.lot, seed: true },
            createdAt: first,
          },
          ...(published
            ? [
                {
                  subjectType: 'traceability',
                  subjectId: b.id,
                  platform: b.platform,
                  actorId: user.id,
                  action: 'publish',
                  diff: {},
                  createdAt: new Date(last.getTime() + DAY),
                },
              ]
            : []),
          ...(plan.state === 'recalled'
            ? [
                {
                  subjectType: 'traceability',
                  subjectId: b.id,
                  platform: b.platform,
                  actorId: user.id,
                  action: 'recall',
                  note: plan.recallReason,
                  diff: { reason: plan.recallReason },
                  createdAt: new Date(now.getTime() - 5 * DAY),
                },
              ]
            : []),
        ]);
      });
    }
  }
}
