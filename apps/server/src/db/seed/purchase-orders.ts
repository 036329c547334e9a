import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  PLATFORM_KEYS,
  PLATFORMS,
  addDays,
  formatVietnamDate,
  purchaseOrderTotals,
  type DiscountType,
  type PlatformKey,
  type PurchaseOrderStatus,
  type TaxRate,
  type Unit,
} from '@agrihub/contract';
import type { Db } from '../client.js';
import {
  activity,
  producerOems,
  producers,
  products,
  purchaseOrderLines,
  purchaseOrders,
  users,
} from '../schema/index.js';
import { joinAddress, purchaseOrderCode } from '../../modules/purchase-orders/save.js';
import { demoEmail } from './accounts.js';

const DAY = 86_400_000;

interface PlannedLine {
  description: string;
  unit: Unit;
  quantity: number;
  unit_price: number;
  vat_rate: TaxRate;
  discount_type?: DiscountType;
  discount_value?: number;
  /** A product of the producer supplier, by name (seed/product-data.ts). */
  product?: string;
}

interface PlannedOrder {
  /** The supplier: an OEM of the demo directory by name, or the demo producer of the platform. */
  oem?: string;
  producer?: boolean;
  status: PurchaseOrderStatus;
  /** Days before the seeding day the order was written; it moves a day or two later. */
  daysAgo: number;
  deliveryIn: number;
  deliveryPlace: string;
  paymentTerms: string;
  note?: string;
  reason?: string;
  lines: PlannedLine[];
}

const WAREHOUSE_HCM = 'Kho DTrack Tân Bình, 18 Cộng Hòa, Phường Tân Sơn Nhất, Thành phố Hồ Chí Minh';
const WAREHOUSE_HN = 'Kho DTrack Long Biên, 6 Nguyễn Văn Linh, Phường Phúc Lợi, Thành phố Hà Nội';
const NET30 = 'Chuyển khoản 100% trong vòng 30 ngày kể từ ngày nhận đủ hàng và hóa đơn GTGT hợp lệ.';
const DEPOSIT = 'Đặt cọc 30% khi xác nhận đơn; thanh toán 70% còn lại trong 15 ngày sau khi nghiệm thu.';

/**
 * The demo purchase orders of platforms with purchase orders (DTrack), in every status: two
 * approved (one to an OEM, mailed; one to the demo producer with its products), two waiting for
 * approval, two new, two cancelled with their reasons. Realistic Vietnamese goods, several VAT
 * rates and both kinds of discount; totals by the contract's purchaseOrderTotals.
 */
export const DEMO_PURCHASE_ORDERS: PlannedOrder[] = [
  {
    oem: 'Công ty CP Nước mắm Phú Quốc Xanh',
    status: 'approved',
    daysAgo: 24,
    deliveryIn: 14,
    deliveryPlace: WAREHOUSE_HCM,
    paymentTerms: NET30,
    note: 'Hàng đóng thùng carton 5 lớp, dán nhãn phụ tiếng Việt theo Nghị định 111/2021/NĐ-CP.',
    lines: [
      {
        description: 'Nước mắm nhĩ cá cơm 40 độ đạm, chai thủy tinh 500 ml',
        unit: 'Chai',
        quantity: 2400,
        unit_price: 68_000,
        vat_rate: 10,
        discount_type: 'percent',
        discount_value: 3,
      },
      { description: 'Nước mắm 30 độ đạm, can 5 lít', unit: 'Thùng', quantity: 150, unit_price: 420_000, vat_rate: 10 },
      {
        description: 'Hộp quà Tết 2 chai nước mắm kèm túi giấy',
        unit: 'Hộp',
        quantity: 500,
        unit_price: 185_000,
        vat_rate: 8,
        discount_type: 'amount',
        discount_value: 2_500_000,
      },
    ],
  },
  {
    producer: true,
    status: 'approved',
    daysAgo: 16,
    deliveryIn: 7,
    deliveryPlace: WAREHOUSE_HN,
    paymentTerms: DEPOSIT,
    lines: [
      {
        product: 'Chè Shan Tuyết Mộc Châu',
        description: '',
        unit: 'Túi',
        quantity: 800,
        unit_price: 145_000,
        vat_rate: 5,
      },
      {
        product: 'Mận hậu Mộc Châu',
        description: '',
        unit: 'Kg',
        quantity: 1250.5,
        unit_price: 38_000,
        vat_rate: 5,
        discount_type: 'percent',
        discount_value: 2.5,
      },
      {
        description: 'Thùng xốp bảo quản lạnh kèm đá gel',
        unit: 'Thùng',
        quantity: 120,
        unit_price: 55_000,
        vat_rate: 10,
      },
    ],
  },
  {
    oem: 'Công ty TNHH Cà phê Buôn Ma Thuột Việt',
    status: 'processing',
    daysAgo: 5,
    deliveryIn: 20,
    deliveryPlace: WAREHOUSE_HCM,
    paymentTerms: NET30,
    note: 'Rang mộc, không tẩm hương liệu; gửi mẫu 1 kg mỗi loại trước khi đóng gói.',
    lines: [
      {
        description: 'Cà phê Robusta rang xay, gói 500 g in thương hiệu DTrack',
        unit: 'Túi',
        quantity: 3000,
        unit_price: 92_000,
        vat_rate: 5,
        discount_type: 'percent',
        discount_value: 5,
      },
      {
        description: 'Cà phê Arabica Cầu Đất rang hạt, túi van 1 chiều 250 g',
        unit: 'Túi',
        quantity: 1200,
        unit_price: 118_000,
        vat_rate: 5,
      },
      {
        description: 'Túi giấy kraft có van một chiều (bao bì)',
        unit: 'Cái',
        quantity: 5000,
        unit_price: 3_200,
        vat_rate: 8,
      },
      {
        description: 'Dịch vụ in và dán tem truy xuất nguồn gốc QR',
        unit: 'Cái',
        quantity: 4200,
        unit_price: 450,
        vat_rate: 10,
      },
    ],
  },
  {
    oem: 'Công ty TNHH Thực phẩm Sao Mai',
    status: 'processing',
    daysAgo: 3,
    deliveryIn: 25,
    deliveryPlace: WAREHOUSE_HN,
    paymentTerms: DEPOSIT,
    lines: [
      {
        description: 'Bánh quy bơ hạt điều, hộp thiếc 400 g',
        unit: 'Hộp',
        quantity: 1500,
        unit_price: 96_000,
        vat_rate: 8,
      },
      {
        description: 'Xoài sấy dẻo ít đường, túi zip 200 g',
        unit: 'Túi',
        quantity: 2000,
        unit_price: 42_500,
        vat_rate: 8,
        discount_type: 'amount',
        discount_value: 1_000_000,
      },
    ],
  },
  {
    oem: 'Cơ sở Bánh tráng Hòa Thành',
    status: 'pending',
    daysAgo: 1,
    deliveryIn: 10,
    deliveryPlace: WAREHOUSE_HCM,
    paymentTerms: 'Thanh toán tiền mặt hoặc chuyển khoản khi nhận hàng.',
    lines: [
      {
        description: 'Bánh tráng phơi sương Trảng Bàng, xấp 500 g',
        unit: 'Túi',
        quantity: 1000,
        unit_price: 35_000,
        vat_rate: 5,
      },
      {
        description: 'Bánh tráng trộn đóng gói sẵn kèm gia vị',
        unit: 'Túi',
        quantity: 2500,
        unit_price: 14_000,
        vat_rate: 8,
      },
    ],
  },
  {
    oem: 'Công ty CP Dầu thực vật Đồng Nai',
    status: 'pending',
    daysAgo: 0,
    deliveryIn: 12,
    deliveryPlace: WAREHOUSE_HCM,
    paymentTerms: NET30,
    note: 'Giao theo 2 đợt, mỗi đợt một nửa số lượng.',
    lines: [
      {
        description: 'Dầu lạc ép nguyên chất, chai PET 1 lít',
        unit: 'Chai',
        quantity: 1800,
        unit_price: 79_000,
        vat_rate: 10,
      },
      {
        description: 'Dầu mè đen ép lạnh, chai thủy tinh 250 ml',
        unit: 'Chai',
        quantity: 600,
        unit_price: 64_000,
        vat_rate: 10,
        discount_type: 'percent',
        discount_value: 4,
      },
    ],
  },
  {
    oem: 'Công ty CP Thủy sản Rạch Gốc',
    status: 'cancelled',
    daysAgo: 30,
    deliveryIn: 9,
    deliveryPlace: WAREHOUSE_HCM,
    paymentTerms: DEPOSIT,
    reason: 'Nhà cung cấp không kịp giao trước Tết; chuyển sang đặt hàng vụ sau.',
    lines: [
      {
        description: 'Tôm khô Rạch Gốc loại 1, túi hút chân không 500 g',
        unit: 'Túi',
        quantity: 400,
        unit_price: 620_000,
        vat_rate: 5,
      },
      { description: 'Khô cá lóc đồng một nắng', unit: 'Kg', quantity: 85.75, unit_price: 340_000, vat_rate: 5 },
    ],
  },
  {
    oem: 'Công ty TNHH Đồ uống Sài Gòn Xanh',
    status: 'cancelled',
    daysAgo: 9,
    deliveryIn: 15,
    deliveryPlace: WAREHOUSE_HCM,
    paymentTerms: NET30,
    reason: 'Đặt trùng số lượng với đơn đã duyệt của tháng trước.',
    lines: [
      {
        description: 'Trà atiso đóng chai 330 ml, thùng 24 chai',
        unit: 'Thùng',
        quantity: 300,
        unit_price: 168_000,
        vat_rate: 8,
      },
    ],
  },
];

const at = (now: Date, daysAgo: number, hour = 9) => {
  const d = new Date(now.getTime() - daysAgo * DAY);
  return new Date(`${formatVietnamDate(d)}T${String(hour).padStart(2, '0')}:15:00+07:00`);
};

async function accountId(db: Db, platform: PlatformKey, local: string) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail(local, platform))));
  return u?.id ?? null;
}

async function seedPlatform(db: Db, platform: PlatformKey, now: Date) {
  // Written by purchasing, approved by the purchase approver (never the same person); the
  // admin and support stand in when those accounts are absent.
  const creator = (await accountId(db, platform, 'purchasing')) ?? (await accountId(db, platform, 'support'));
  const approver = (await accountId(db, platform, 'purchase-approver')) ?? (await accountId(db, platform, 'admin'));
  if (!creator || !approver) return;
  const oems = await db
    .select()
    .from(producerOems)
    .where(
      and(
        eq(producerOems.platform, platform),
        inArray(
          producerOems.name,
          DEMO_PURCHASE_ORDERS.flatMap((o) => (o.oem ? [o.oem] : [])),
        ),
      ),
    );
  const [maker] = await db
    .select()
    .from(producers)
    .innerJoin(users, eq(users.producerId, producers.id))
    .where(and(eq(users.platform, platform), eq(users.email, demoEmail('producer', platform))))
    .limit(1);
  const makerProducts = maker
    ? await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.producerId, maker.producers.id))
        .orderBy(asc(products.id))
    : [];

  for (const [i, plan] of DEMO_PURCHASE_ORDERS.entries()) {
    const created = at(now, plan.daysAgo, 9);
    const orderDate = formatVietnamDate(created);
    const year = Number(orderDate.slice(0, 4));
    // Numbered after any demo order of an earlier seeding of the year; one plan, one code.
    const code = purchaseOrderCode(year, i + 1);
    const [exists] = await db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.platform, platform), eq(purchaseOrders.code, code)));
    if (exists) continue;

    const oem = plan.oem ? oems.find((o) => o.name === plan.oem) : null;
    const p = plan.producer ? maker?.producers : null;
    if (!oem && !p) continue;
    const supplier = oem
      ? {
          supplierType: 'oem' as const,
          supplierId: oem.id,
          supplierName: oem.name,
          supplierTaxCode: oem.taxCode,
          supplierAddress: joinAddress(oem.address, oem.provinceCode),
          supplierEmail: oem.email,
          supplierPhone: oem.phone,
          supplierContact: oem.contactName,
        }
      : {
          supplierType: 'producer' as const,
          supplierId: p!.id,
          supplierName: p!.name,
          supplierTaxCode: p!.taxCode,
          supplierAddress: joinAddress(p!.address, p!.provinceCode),
          supplierEmail: p!.email,
          supplierPhone: p!.phone,
          supplierContact: p!.representative,
        };
    const lines = plan.lines.map((l) => {
      const product = l.product ? makerProducts.find((x) => x.name === l.product) : undefined;
      return {
        ...l,
        productId: product?.id ?? null,
        description: l.description || product?.name || l.product || '',
        discount_type: l.discount_type ?? 'amount',
        discount_value: l.discount_value ?? 0,
      };
    });
    const totals = purchaseOrderTotals(lines);
    const moved = new Date(created.getTime() + DAY + 2 * 3600_000);
    const approved = plan.status === 'approved' ? new Date(moved.getTime() + DAY) : null;
    const mailed = approved && supplier.supplierEmail ? new Date(approved.getTime() + 60_000) : null;

    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(purchaseOrders)
        .values({
          platform,
          code,
          year,
          seq: i + 1,
          status: plan.status,
          reason: plan.reason ?? null,
          orderDate,
          ...supplier,
          deliveryDate: addDays(orderDate, plan.deliveryIn),
          deliveryPlace: plan.deliveryPlace,
          paymentTerms: plan.paymentTerms,
          note: plan.note ?? null,
          attachments: [],
          subtotal: totals.subtotal,
          discount: totals.discount,
          net: totals.net,
          tax: totals.tax,
          total: totals.total,
          vat: totals.vat,
          lineCount: lines.length,
          createdBy: creator,
          approvedBy: approved ? approver : null,
          approvedAt: approved,
          mailedTo: mailed ? supplier.supplierEmail : null,
          mailedAt: mailed,
          createdAt: created,
          updatedAt: mailed ?? approved ?? (plan.status === 'pending' ? created : moved),
        })
        .returning({ id: purchaseOrders.id });
      await tx.insert(purchaseOrderLines).values(
        lines.map((l, n) => ({
          orderId: row.id,
          position: n + 1,
          productId: l.productId,
          variantId: null,
          description: l.description,
          unit: l.unit,
          quantity: l.quantity,
          unitPrice: l.unit_price,
          discountType: l.discount_type,
          discountValue: l.discount_value,
          vatRate: l.vat_rate,
          amount: totals.lines[n].amount,
          discount: totals.lines[n].discount,
          net: totals.lines[n].net,
        })),
      );
      const history: Omit<typeof activity.$inferInsert, 'subjectType' | 'subjectId' | 'platform'>[] = [
        {
          action: 'create',
          toStatus: 'pending',
          actorId: creator,
          createdAt: created,
          diff: { code, total: totals.total },
        },
      ];
      if (plan.status === 'processing' || plan.status === 'approved') {
        history.push({
          action: 'submit',
          fromStatus: 'pending',
          toStatus: 'processing',
          actorId: creator,
          createdAt: moved,
        });
      }
      if (approved) {
        history.push({
          action: 'approve',
          fromStatus: 'processing',
          toStatus: 'approved',
          actorId: approver,
          createdAt: approved,
        });
      }
      if (mailed)
        history.push({
          action: 'mail_supplier',
          actorId: null,
          createdAt: mailed,
          diff: { email: supplier.supplierEmail },
        });
      if (plan.status === 'cancelled') {
        // The older one was sent for approval first; the other cancelled while new.
        const from = plan.daysAgo > 20 ? 'processing' : 'pending';
        if (from === 'processing') {
          history.push({
            action: 'submit',
            fromStatus: 'pending',
            toStatus: 'processing',
            actorId: creator,
            createdAt: moved,
          });
        }
        history.push({
          action: 'cancel',
          fromStatus: from,
          toStatus: 'cancelled',
          note: plan.reason ?? null,
          actorId: from === 'processing' ? approver : creator,
          createdAt: new Date(moved.getTime() + DAY),
        });
      }
      await tx.insert(activity).values(
        history.map((h) => ({
          subjectType: 'purchase_order',
          subjectId: row.id,
          platform,
          diff: {},
          ...h,
        })),
      );
    });
  }
}

export async function seedPurchaseOrders(db: Db, now = new Date()): Promise<void> {
  for (const platform of PLATFORM_KEYS) {
    if (PLATFORMS[platform].features.purchaseOrders) await seedPlatform(db, platform, now);
  }
}
