import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  PURCHASE_ORDER_CODE_PATTERN,
  purchaseOrder as purchaseOrderMachine,
  purchaseOrderTotals,
  todayInVietnam,
  translate,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
} from '@agrihub/contract';
import {
  activity,
  notifications,
  platformSettings,
  producerOems,
  purchaseOrders,
  uploads,
} from '../../db/schema/index.js';
import { as, buildUser, createTestApp, json, type Built, type TestApp } from '../../../test/helper.js';
import { buildProducer, buildProduct } from '../../../test/factories.js';
import { buildActors, checkMachine } from '../../../test/machine-table.js';
import { joinAddress } from './save.js';
import { clearOutbox, readOutbox } from '../../../test/outbox.js';
import { pdfText } from '../../../test/pdf-text.js';

/**
 * Purchase orders (DESIGN §5.5, issue 12): abilities and roles, the status table by actor with the
 * creator rule, totals per VAT rate computed on the server, the lock of approved and cancelled
 * orders, the PDF's extracted text, the approval mail with the PDF, filters, counts and the export.
 */
let t: TestApp;
let buyer: Built;
let buyer2: Built;
let approver: Built;
let buyerApprover: Built;
let admin: Built;
let support: Built;
let reader: Built;
let producerUser: Built;
let oemId: number;
let oemNoMailId: number;
let inactiveOemId: number;
let supplierProducerId: number;
let productId: number;
let variantIds: number[];

const PO = '/api/v1/admin/purchase_orders';
const orderAbilities = (...actions: ('read' | 'create' | 'update')[]) =>
  actions.map((action) => ({ action, subject: 'purchase_order' as const }));

async function buildOem(over: Partial<typeof producerOems.$inferInsert> = {}) {
  const [o] = await t.db
    .insert(producerOems)
    .values({
      platform: 'dtrack',
      name: 'Công ty TNHH Thực phẩm Hòa Bình',
      taxCode: '0312345678',
      email: 'donhang@hoabinh.example.vn',
      phone: '02838221234',
      contactName: 'Trần Văn Đức',
      provinceCode: '79',
      address: '12 Nguyễn Huệ, Phường Sài Gòn',
      ...over,
    })
    .returning();
  return o.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const purchasing = orderAbilities('read', 'create', 'update');
  buyer = await buildUser(t.db, { roles: ['purchasing'], abilities: purchasing, name: 'Lê Thu Hằng' });
  buyer2 = await buildUser(t.db, { roles: ['purchasing'], abilities: purchasing, name: 'Vũ Minh Anh' });
  approver = await buildUser(t.db, {
    roles: ['approve_purchase_order'],
    abilities: orderAbilities('read'),
    name: 'Phạm Quốc Việt',
  });
  buyerApprover = await buildUser(t.db, { roles: ['purchasing', 'approve_purchase_order'], abilities: purchasing });
  admin = await buildUser(t.db, { roles: ['admin'], name: 'Quản trị DTrack' });
  support = await buildUser(t.db, { roles: ['customer_support'], abilities: [] });
  reader = await buildUser(t.db, { roles: ['customer_support'], abilities: orderAbilities('read') });
  producerUser = await buildUser(t.db);
  oemId = await buildOem();
  oemNoMailId = await buildOem({ name: 'Xưởng bao bì Đức Thành', email: null, taxCode: '0309876543' });
  inactiveOemId = await buildOem({ name: 'Cơ sở ngừng hợp tác', active: false });
  const maker = await buildProducer(t.db, {
    name: 'HTX Cà phê Ea Tu',
    taxCode: '6001234567',
    email: 'eatu@example.vn',
    provinceCode: '66',
    address: 'Xã Ea Tu',
  });
  supplierProducerId = maker.id;
  const product = await buildProduct(t.db, {
    producerId: maker.id,
    name: 'Cà phê rang xay Ea Tu',
    priceCents: 180_000,
    taxRate: 5,
    variants: [[{ title: 'Khối lượng', value: '500g' }], [{ title: 'Khối lượng', value: '1kg' }]],
  });
  productId = product.id;
  variantIds = product.variants.map((v) => v.id);
  await t.db.insert(platformSettings).values({
    platform: 'dtrack',
    hotline: '1900 6868',
    email: 'lienhe@dtrack.example.vn',
    address: '1 Lê Duẩn, Phường Sài Gòn, TP. Hồ Chí Minh',
  });
});
afterAll(() => t.close());
beforeEach(() => clearOutbox(t));

/** Three lines at 5, 8 and 10 % with a percentage and an amount discount (the contract test's figures). */
const LINES: PurchaseOrderInput['lines'] = [
  {
    description: 'Cà phê Robusta nhân xô loại 1',
    unit: 'Kg',
    quantity: 120,
    unit_price: 45_000,
    discount_type: 'percent',
    discount_value: 5,
    vat_rate: 5,
  },
  {
    description: 'Hộp giấy kraft in logo 500g',
    unit: 'Hộp',
    quantity: 2000,
    unit_price: 12_500,
    discount_type: 'amount',
    discount_value: 1_000_000,
    vat_rate: 8,
  },
  { description: 'Nước mắm Phú Quốc 40 độ đạm', unit: 'Thùng', quantity: 50, unit_price: 310_000, vat_rate: 10 },
];

const orderBody = (over: Partial<PurchaseOrderInput> = {}): PurchaseOrderInput => ({
  supplier_type: 'oem',
  supplier_id: oemId,
  delivery_date: '2099-03-15',
  delivery_place: 'Kho DTrack, KCN Tân Bình, TP. Hồ Chí Minh',
  payment_terms: 'Chuyển khoản 100% trong 30 ngày kể từ ngày nhận hàng và hóa đơn GTGT.',
  note: 'Giao hàng giờ hành chính.',
  lines: LINES,
  ...over,
});

const create = (u: Built, body: object = orderBody()) =>
  t.app.inject({ method: 'POST', url: PO, headers: as(u), payload: body });
/** The order's version as its page shows it now. */
const versionOf = async (id: number) =>
  (await t.db.select({ version: purchaseOrders.version }).from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0]
    ?.version;
/** A move from the order's page: it names the version the page shows (the current one unless given). */
const move = async (u: Built, id: number, status: PurchaseOrderStatus, reason?: string, version?: number) =>
  t.app.inject({
    method: 'PUT',
    url: `${PO}/${id}/status`,
    headers: as(u),
    payload: { status, ...(reason === undefined ? {} : { reason }), version: version ?? (await versionOf(id)) ?? 1 },
  });

async function createdId(u: Built = buyer, body: object = orderBody()): Promise<number> {
  const res = await create(u, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.purchase_order.id as number;
}

async function processingOrder(u: Built = buyer, body?: object): Promise<number> {
  const id = await createdId(u, body);
  const res = await move(u, id, 'processing');
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const historyOf = (id: number) =>
  t.db
    .select()
    .from(activity)
    .where(and(eq(activity.subjectType, 'purchase_order'), eq(activity.subjectId, id)))
    .orderBy(activity.id);

describe('creating an order', () => {
  it('computes the totals per VAT rate on the server, never taking them from the client', async () => {
    const res = await create(buyer, { ...orderBody(), totals: { total: 1 }, total: 1, subtotal: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const { purchase_order: o, history } = json(res).data;
    expect(json(res).meta.message).toBe(`Đã tạo đơn đặt hàng ${o.code}.`);
    expect(o.code).toMatch(PURCHASE_ORDER_CODE_PATTERN);
    expect(o.code.startsWith(`PO-${todayInVietnam().slice(0, 4)}-`)).toBe(true);
    expect(o).toMatchObject({ status: 'pending', order_date: todayInVietnam(), line_count: 3, currency_iso: 'VND' });
    expect(o.totals).toEqual({
      subtotal: 45_900_000,
      discount: 1_270_000,
      net: 44_630_000,
      vat: [
        { rate: 5, base: 5_130_000, tax: 256_500 },
        { rate: 8, base: 24_000_000, tax: 1_920_000 },
        { rate: 10, base: 15_500_000, tax: 1_550_000 },
      ],
      tax: 3_726_500,
      total: 48_356_500,
    });
    // The same function the web previews with.
    const { lines: _lines, ...contract } = purchaseOrderTotals(LINES.map((l) => ({ discount_value: 0, ...l })));
    expect(o.totals).toEqual(contract);
    expect(o.total).toBe(48_356_500);
    expect(
      o.lines.map((l: { amount: number; discount: number; net: number }) => [l.amount, l.discount, l.net]),
    ).toEqual([
      [5_400_000, 270_000, 5_130_000],
      [25_000_000, 1_000_000, 24_000_000],
      [15_500_000, 0, 15_500_000],
    ]);
    // The supplier as it is now (the PDF prints this).
    expect(o.supplier).toEqual({
      type: 'oem',
      id: oemId,
      name: 'Công ty TNHH Thực phẩm Hòa Bình',
      tax_code: '0312345678',
      address: '12 Nguyễn Huệ, Phường Sài Gòn, Thành phố Hồ Chí Minh',
      email: 'donhang@hoabinh.example.vn',
      phone: '02838221234',
      contact_name: 'Trần Văn Đức',
    });
    expect(o.created_by).toEqual({ id: buyer.user.id, name: 'Lê Thu Hằng' });
    // Its creator may send it for approval or cancel it, not approve it.
    expect(o.moves).toEqual([
      { to: 'processing', reason: false },
      { to: 'cancelled', reason: true },
    ]);
    expect(o.editable).toBe(true);
    expect(history).toMatchObject([{ action: 'create', to: 'pending', user: { id: buyer.user.id } }]);
  });

  it('numbers orders PO-<year>-<n> in sequence per year of the order date', async () => {
    const a = json(await create(buyer, orderBody({ order_date: '2031-01-05', delivery_date: '2031-02-01' })));
    const b = json(await create(buyer2, orderBody({ order_date: '2031-12-31', delivery_date: '2032-01-10' })));
    const c = json(await create(buyer, orderBody({ order_date: '2032-01-02', delivery_date: '2032-01-10' })));
    expect([a, b, c].map((r) => r.data.purchase_order.code)).toEqual([
      'PO-2031-000001',
      'PO-2031-000002',
      'PO-2032-000001',
    ]);
  });

  it('takes a product and variant of a producer supplier, its name as the goods when none is typed', async () => {
    const res = await create(
      buyer,
      orderBody({
        supplier_type: 'producer',
        supplier_id: supplierProducerId,
        lines: [
          {
            product_id: productId,
            variant_id: variantIds[1],
            unit: 'Túi',
            quantity: 40,
            unit_price: 320_000,
            vat_rate: 5,
          },
          {
            product_id: productId,
            description: 'Cà phê rang xay gói quà Tết',
            unit: 'Hộp',
            quantity: 10,
            unit_price: 250_000,
            vat_rate: 8,
          },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = json(res).data.purchase_order;
    expect(o.supplier).toMatchObject({ type: 'producer', name: 'HTX Cà phê Ea Tu', address: 'Xã Ea Tu, Đắk Lắk' });
    expect(o.lines.map((l: { description: string; product_id: number }) => [l.description, l.product_id])).toEqual([
      ['Cà phê rang xay Ea Tu (1kg)', productId],
      ['Cà phê rang xay gói quà Tết', productId],
    ]);
    const products = json(
      await t.app.inject({
        method: 'GET',
        url: `${PO}/suppliers/producer/${supplierProducerId}/products`,
        headers: as(buyer),
      }),
    );
    expect(products.data.products).toEqual([
      {
        id: productId,
        name: 'Cà phê rang xay Ea Tu',
        unit: 'Kg',
        price: 180_000,
        vat_rate: 5,
        variants: [
          { id: variantIds[0], label: '500g', price: null },
          { id: variantIds[1], label: '1kg', price: null },
        ],
      },
    ]);
  });

  it("keeps the supplier's address with its province once", () => {
    expect(joinAddress('Xã Ea Tu', '66')).toBe('Xã Ea Tu, Đắk Lắk');
    expect(joinAddress('Tiểu khu 4, xã Mộc Châu, tỉnh Sơn La', '14')).toBe('Tiểu khu 4, xã Mộc Châu, tỉnh Sơn La');
    expect(joinAddress('1 Lê Duẩn, TP. Hồ Chí Minh', '79')).toBe('1 Lê Duẩn, TP. Hồ Chí Minh');
    expect(joinAddress(null, '01')).toBe('Thành phố Hà Nội');
    expect(joinAddress(null, null)).toBeNull();
  });

  it('refuses bad input field by field in Vietnamese, and suppliers or products it may not use', async () => {
    const bad = await create(buyer, {
      lines: [{ description: '', unit: 'Tấn', quantity: 0, unit_price: 10, vat_rate: 7 }],
    });
    expect(bad.statusCode).toBe(422);
    const fields = Object.fromEntries(
      json(bad).meta.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      supplier_type: 'Vui lòng chọn nhà cung cấp.',
      delivery_date: 'Vui lòng chọn ngày giao hàng.',
      delivery_place: 'Vui lòng nhập địa điểm giao hàng.',
      'lines.0.unit': 'Vui lòng chọn đơn vị tính.',
      'lines.0.vat_rate': 'Thuế suất phải là 0%, 5%, 8% hoặc 10%.',
    });
    // A line left empty (as the form's new line, VAT 10 %) names its goods among what is missing.
    const empty = await create(buyer, { ...orderBody(), lines: [{ description: '', vat_rate: 10 }] });
    expect(empty.statusCode).toBe(422);
    expect(
      json(empty)
        .meta.errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['lines.0.description', 'lines.0.quantity', 'lines.0.unit', 'lines.0.unit_price']);
    expect(json(empty).meta.errors).toContainEqual({
      field: 'lines.0.description',
      message: 'Vui lòng nhập tên hàng hóa hoặc chọn sản phẩm.',
    });
    const over = await create(buyer, orderBody({ lines: [{ ...LINES[1], discount_value: 25_000_001 }] }));
    expect(json(over).meta.errors).toEqual([
      { field: 'lines.0.discount_value', message: 'Chiết khấu không được lớn hơn thành tiền của dòng hàng.' },
    ]);
    const refusals: [object, string, string][] = [
      [orderBody({ supplier_id: inactiveOemId }), 'supplier_id', 'invalidSupplier'],
      [orderBody({ supplier_id: 999_999 }), 'supplier_id', 'invalidSupplier'],
      // An OEM has no catalogue here: a product line must be of the producer supplier.
      [
        orderBody({ lines: [{ product_id: productId, unit: 'Kg', quantity: 1, unit_price: 1, vat_rate: 5 }] }),
        'lines.0.product_id',
        'invalidOrderProduct',
      ],
      [
        orderBody({
          supplier_type: 'producer',
          supplier_id: producerUser.producerId!,
          lines: [{ product_id: productId, unit: 'Kg', quantity: 1, unit_price: 1, vat_rate: 5 }],
        }),
        'lines.0.product_id',
        'invalidOrderProduct',
      ],
      [
        orderBody({
          supplier_type: 'producer',
          supplier_id: supplierProducerId,
          lines: [{ product_id: productId, variant_id: 999_999, unit: 'Kg', quantity: 1, unit_price: 1, vat_rate: 5 }],
        }),
        'lines.0.variant_id',
        'invalidOrderVariant',
      ],
      [orderBody({ attachment_ids: [999_999] }), 'attachment_ids.0', 'invalidUpload'],
      [orderBody({ order_date: '2099-04-01' }), 'delivery_date', 'deliveryBeforeOrderDate'],
    ];
    for (const [body, field, code] of refusals) {
      const res = await create(buyer, body);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(422);
      expect(json(res).meta.errors, code).toEqual([{ field, message: translate('vi', code) }]);
    }
    // A pending producer is no supplier either.
    const pending = await buildProducer(t.db, { status: 'pending' });
    expect((await create(buyer, orderBody({ supplier_type: 'producer', supplier_id: pending.id }))).statusCode).toBe(
      422,
    );
  });

  it('keeps uploaded attachments of the platform, not another platform’s', async () => {
    const [mine] = await t.db
      .insert(uploads)
      .values({
        platform: 'dtrack',
        userId: buyer.user.id,
        kind: 'attachment',
        storageKey: 'dtrack/bao-gia.pdf',
        contentType: 'application/pdf',
        byteSize: 1000,
        filename: 'Báo giá Hòa Bình.pdf',
      })
      .returning();
    const other = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    const [theirs] = await t.db
      .insert(uploads)
      .values({
        platform: 'foodmap',
        userId: other.user.id,
        kind: 'attachment',
        storageKey: 'foodmap/x.pdf',
        contentType: 'application/pdf',
        byteSize: 1,
        filename: 'x.pdf',
      })
      .returning();
    const ok = json(await create(buyer, orderBody({ attachment_ids: [mine.id] })));
    expect(ok.data.purchase_order.attachments).toEqual([
      {
        id: mine.id,
        // Private to the order (ADR 033): read with a token, never at /uploads/<key>.
        url: `/api/v1/uploads/${mine.id}/content`,
        filename: 'Báo giá Hòa Bình.pdf',
        content_type: 'application/pdf',
      },
    ]);
    expect((await create(buyer, orderBody({ attachment_ids: [theirs.id] }))).statusCode).toBe(422);
  });
});

describe('who may do what', () => {
  it('refuses staff without the abilities (403), producers (403), and other platforms (403 feature_unavailable)', async () => {
    const id = await createdId();
    const calls = [
      { method: 'GET' as const, url: PO },
      { method: 'GET' as const, url: `${PO}/${id}` },
      { method: 'GET' as const, url: `${PO}/${id}/pdf` },
      { method: 'GET' as const, url: `${PO}/suppliers` },
      { method: 'POST' as const, url: `${PO}/export` },
      { method: 'POST' as const, url: PO, payload: orderBody() },
      { method: 'PUT' as const, url: `${PO}/${id}`, payload: orderBody() },
      { method: 'PUT' as const, url: `${PO}/${id}/status`, payload: { status: 'processing' } },
    ];
    for (const c of calls) {
      for (const u of [support, producerUser]) {
        const res = await t.app.inject({ ...c, headers: as(u) });
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
      }
    }
    // Read only: lists and reads, but neither creates nor edits nor moves.
    expect((await t.app.inject({ method: 'GET', url: PO, headers: as(reader) })).statusCode).toBe(200);
    const read = json(await t.app.inject({ method: 'GET', url: `${PO}/${id}`, headers: as(reader) }));
    expect(read.data.purchase_order).toMatchObject({ moves: [], editable: false });
    expect((await create(reader)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${PO}/${id}`, headers: as(reader), payload: orderBody() })).statusCode,
    ).toBe(403);
    expect(json(await move(reader, id, 'processing')).meta.code).toBe('transition_not_allowed');
    // Purchase orders are DTrack's: an AgriHub administrator is refused the feature.
    const agrihubAdmin = await buildUser(t.db, { platform: 'agrihub', roles: ['admin'] });
    const res = await t.app.inject({ method: 'GET', url: PO, headers: as(agrihubAdmin) });
    expect(res.statusCode).toBe(403);
    expect(json(res).meta).toEqual({ code: 'feature_unavailable', message: 'Tính năng này không có trên AgriHub.' });
    // Nor is a DTrack order reached from another platform's account.
    const foodmapAdmin = await buildUser(t.db, { platform: 'foodmap', roles: ['admin'] });
    const foreign = await t.app.inject({ method: 'GET', url: `${PO}/${id}`, headers: as(foodmapAdmin) });
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign).meta.code).toBe('feature_unavailable');
  });

  it('moves exactly as the contract table says, for every state and kind of actor', async () => {
    // An order of a supplier without e-mail: its approval writes one history row and sends no mail.
    const creator = await buildUser(t.db, { roles: ['purchasing'], abilities: orderAbilities('create', 'read') });
    const id = await createdId(creator, orderBody({ supplier_id: oemNoMailId }));
    const actors = await buildActors(t, { action: 'manage', subject: 'purchase_order' });
    const routeTo = (state: PurchaseOrderStatus) => ({
      send: (u: Built, reason: string | undefined) => move(u, id, state, reason),
      // Producers are no administrators; support without the read ability is refused before the table.
      refusedBefore: (kind: string) =>
        ['owner', 'other_producer', 'support_without'].includes(kind) ? (403 as const) : null,
    });
    const cases = await checkMachine({
      t,
      machine: purchaseOrderMachine,
      subject: 'purchase_order',
      subjectId: id,
      actors,
      routes: {
        pending: routeTo('pending'),
        processing: routeTo('processing'),
        approved: routeTo('approved'),
        cancelled: routeTo('cancelled'),
      },
      reset: async (state) => {
        await t.db
          .update(purchaseOrders)
          .set({ status: state, reason: null, approvedBy: null, approvedAt: null })
          .where(eq(purchaseOrders.id, id));
      },
      stateOf: async () => (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0].status,
      eventOf: {
        processing: 'purchase_order.moved',
        approved: 'purchase_order.moved',
        cancelled: 'purchase_order.moved',
      },
    });
    expect(cases).toBeGreaterThan(60);
  });

  it('never lets the creator approve its own order, even with the approver role or as admin', async () => {
    for (const creator of [buyerApprover, admin]) {
      const id = await processingOrder(creator);
      const refused = await move(creator, id, 'approved');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(json(refused).meta).toEqual({
        code: 'transition_not_by_creator',
        message:
          'Bạn đã lập hoặc sửa đơn này nên không thể tự chuyển sang “Đã duyệt”. Một người khác có quyền cần thực hiện.',
      });
      // Its own page offers no approval to it, but the approver's does.
      const own = json(await t.app.inject({ method: 'GET', url: `${PO}/${id}`, headers: as(creator) }));
      expect(own.data.purchase_order.moves.map((m: { to: string }) => m.to)).toEqual(['cancelled']);
      const theirs = json(await t.app.inject({ method: 'GET', url: `${PO}/${id}`, headers: as(approver) }));
      expect(theirs.data.purchase_order.moves).toEqual([{ to: 'approved', reason: false }]);
      // Approving through an edit is refused (an edit never moves an order: ADR 031), and the edit is not kept.
      const edit = await t.app.inject({
        method: 'PUT',
        url: `${PO}/${id}`,
        headers: as(creator),
        payload: { ...orderBody({ delivery_place: 'Kho khác' }), status: 'approved' },
      });
      expect(edit.statusCode).toBe(422);
      expect(json(edit).meta.errors.map((e: { field: string }) => e.field)).toEqual(['status']);
      const [row] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
      expect(row).toMatchObject({ status: 'processing', deliveryPlace: orderBody().delivery_place, approvedBy: null });
    }
  });

  it('purchasing creates and sends for approval; approve_purchase_order approves; the creator hears of it', async () => {
    const id = await processingOrder(buyer);
    // A buyer who did not create it may not approve either: no role.
    expect(json(await move(buyer2, id, 'approved')).meta.code).toBe('transition_not_allowed');
    const res = await move(approver, id, 'approved');
    expect(res.statusCode, res.body).toBe(200);
    const { purchase_order: o, history } = json(res).data;
    expect(json(res).meta.message).toBe(`Đơn đặt hàng ${o.code} đã chuyển sang “Đã duyệt”.`);
    expect(o).toMatchObject({
      status: 'approved',
      approved_by: { id: approver.user.id, name: 'Phạm Quốc Việt' },
      editable: false,
      moves: [],
    });
    expect(history.map((h: { action: string }) => h.action)).toEqual(['approve', 'submit', 'create']);
    await t.app.events.drain();
    // Mailed to the supplier with the PDF attached.
    const mails = readOutbox(t.config.outboxDir);
    const supplierMail = mails.find((m) => m.to === 'donhang@hoabinh.example.vn');
    expect(supplierMail?.subject).toBe(`[DTrack] Đơn đặt hàng ${o.code}`);
    // From DTrack; the supplier's confirmation ("reply to this e-mail") reaches the platform's contact address.
    expect(supplierMail?.from).toBe('DTrack <no-reply@dtrack.localhost>');
    expect(supplierMail?.replyTo).toBe('lienhe@dtrack.example.vn');
    expect(supplierMail?.text).toContain('Kính gửi Công ty TNHH Thực phẩm Hòa Bình');
    expect(supplierMail?.text).toContain('tổng giá trị 48.356.500 đ');
    expect(supplierMail?.attachments).toHaveLength(1);
    const attached = supplierMail!.attachments[0];
    expect(attached).toMatchObject({ filename: `Đơn-đặt-hàng-${o.code}.pdf`, contentType: 'application/pdf' });
    expect(attached.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(attached.content)).text).toContain(`Số: ${o.code}`);
    const after = json(await t.app.inject({ method: 'GET', url: `${PO}/${id}`, headers: as(buyer) })).data;
    expect(after.purchase_order.mailed_to).toBe('donhang@hoabinh.example.vn');
    expect(after.history[0]).toMatchObject({
      action: 'mail_supplier',
      detail: { email: 'donhang@hoabinh.example.vn' },
    });
    // The creator is told, in the app and by mail.
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.type, 'purchase_order.approved')))
      .orderBy(desc(notifications.id));
    expect(note.link).toBe(`/admin/purchase-orders/${id}`);
    expect(note.params).toMatchObject({ code: o.code, actor: 'Phạm Quốc Việt', total: '48.356.500 đ' });
    const creatorMail = mails.find((m) => m.to === buyer.user.email);
    expect(creatorMail?.text).toContain(
      `Đơn đặt hàng ${o.code} gửi Công ty TNHH Thực phẩm Hòa Bình (48.356.500 đ) đã được Phạm Quốc Việt duyệt.`,
    );
    expect(creatorMail?.text).toContain('Đơn đã được gửi email tới nhà cung cấp (donhang@hoabinh.example.vn).');
  });

  it('cancels with a reason only, keeps the reason and tells the creator', async () => {
    const id = await createdId(buyer);
    const noReason = await move(buyer2, id, 'cancelled');
    expect(noReason.statusCode).toBe(422);
    expect(json(noReason).meta.errors).toEqual([{ field: 'reason', message: 'Vui lòng nhập lý do.' }]);
    const res = await move(buyer2, id, 'cancelled', 'Nhà cung cấp báo hết hàng vụ này');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.purchase_order).toMatchObject({
      status: 'cancelled',
      reason: 'Nhà cung cấp báo hết hàng vụ này',
    });
    expect(json(res).data.history[0]).toMatchObject({ action: 'cancel', note: 'Nhà cung cấp báo hết hàng vụ này' });
    await t.app.events.drain();
    const mail = readOutbox(t.config.outboxDir).find((m) => m.to === buyer.user.email);
    expect(mail?.text).toContain('Lý do: Nhà cung cấp báo hết hàng vụ này');
  });
});

describe('editing', () => {
  it('replaces a pending or processing order, totals computed again, changes in the history', async () => {
    const id = await processingOrder(buyer);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${PO}/${id}`,
      headers: as(buyer2),
      payload: orderBody({
        supplier_id: oemNoMailId,
        delivery_place: 'Kho Long An',
        lines: [{ description: 'Thùng carton 5 lớp', unit: 'Chiếc', quantity: 1000, unit_price: 8_900, vat_rate: 10 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const o = json(res).data.purchase_order;
    expect(o).toMatchObject({ status: 'processing', line_count: 1, total: 9_790_000, delivery_place: 'Kho Long An' });
    expect(o.supplier.name).toBe('Xưởng bao bì Đức Thành');
    expect(o.totals.vat).toEqual([{ rate: 10, base: 8_900_000, tax: 890_000 }]);
    // The creator stays the creator.
    expect(o.created_by.id).toBe(buyer.user.id);
    const [update] = (await historyOf(id)).filter((h) => h.action === 'update');
    expect(update.diff).toEqual({
      fields: ['supplier', 'delivery_place', 'lines'],
      changes: { total: [48_356_500, 9_790_000] },
    });
  });

  it('refuses to edit an approved or cancelled order (409), naming its status', async () => {
    const approved = await processingOrder(buyer);
    expect((await move(approver, approved, 'approved')).statusCode).toBe(200);
    const cancelled = await createdId(buyer);
    expect((await move(buyer, cancelled, 'cancelled', 'Đặt nhầm')).statusCode).toBe(200);
    for (const [id, label] of [
      [approved, 'Đã duyệt'],
      [cancelled, 'Đã hủy'],
    ] as const) {
      const before = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
      const res = await t.app.inject({
        method: 'PUT',
        url: `${PO}/${id}`,
        headers: as(admin),
        payload: orderBody({ note: 'Sửa' }),
      });
      expect(res.statusCode).toBe(409);
      expect(json(res).meta).toEqual({
        code: 'purchaseOrderLocked',
        message: `Đơn đặt hàng đang ở trạng thái “${label}” nên không thể chỉnh sửa.`,
      });
      expect(await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id))).toEqual(before);
      // Nor does it move any more: the refusal names the states in the order's own words.
      expect(json(await move(admin, id, 'pending')).meta).toEqual({
        code: 'transition_not_allowed',
        message: `Không thể chuyển trạng thái từ “${label}” sang “Chờ xử lý”. Trạng thái có thể chuyển: không có.`,
      });
    }
  });
});

describe('the PDF "Đơn đặt hàng"', () => {
  it('is a download with the company, supplier, lines, totals per VAT rate and the amount in Vietnamese words', async () => {
    const id = await processingOrder(buyer);
    await move(approver, id, 'approved');
    const code = (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0].code;
    const res = await t.app.inject({ method: 'GET', url: `${PO}/${id}/pdf`, headers: as(reader) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''%C4%90%C6%A1n-%C4%91%E1%BA%B7t-h%C3%A0ng-${code}.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    // The font is embedded (no system font is needed to show or print it).
    expect(res.rawPayload.toString('latin1')).toMatch(/\/FontFile2/);
    const { text, info } = await pdfText(res.rawPayload);
    expect(info.Title).toBe(`ĐƠN ĐẶT HÀNG ${code}`);
    for (const words of [
      'DTrack',
      'Điện thoại: 1900 6868',
      'Email: lienhe@dtrack.example.vn',
      'ĐƠN ĐẶT HÀNG',
      `Số: ${code}`,
      'Bên bán (nhà cung cấp)',
      'Tên đơn vị: Công ty TNHH Thực phẩm Hòa Bình',
      'Mã số thuế: 0312345678',
      'Địa chỉ: 12 Nguyễn Huệ, Phường Sài Gòn, Thành phố Hồ Chí Minh',
      'Người liên hệ: Trần Văn Đức',
      'Cà phê Robusta nhân xô loại 1 Kg 120 45.000 5% 270.000 5% 5.130.000',
      'Hộp giấy kraft in logo 500g Hộp 2.000 12.500 1.000.000 8% 24.000.000',
      'Nước mắm Phú Quốc 40 độ đạm Thùng 50 310.000 10% 15.500.000',
      'Cộng tiền hàng 45.900.000',
      'Chiết khấu -1.270.000',
      'Tiền hàng chịu thuế suất 5% 5.130.000 Thuế GTGT 5% 256.500',
      'Tiền hàng chịu thuế suất 8% 24.000.000 Thuế GTGT 8% 1.920.000',
      'Tiền hàng chịu thuế suất 10% 15.500.000 Thuế GTGT 10% 1.550.000',
      'Tổng tiền thuế GTGT 3.726.500',
      'Tổng cộng thanh toán 48.356.500',
      'Số tiền viết bằng chữ: Bốn mươi tám triệu ba trăm năm mươi sáu nghìn năm trăm đồng',
      'Ngày giao hàng: 15/03/2099',
      'Điều khoản thanh toán: Chuyển khoản 100% trong 30 ngày kể từ ngày nhận hàng và hóa đơn GTGT.',
      'Người lập đơn (Ký, ghi rõ họ tên)',
      'Người phê duyệt (Ký, ghi rõ họ tên)',
      'Xác nhận của nhà cung cấp (Ký, ghi rõ họ tên)',
      'Lê Thu Hằng',
      'Phạm Quốc Việt',
      'Trang 1/1',
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it('runs over several pages with the table header again and numbered pages', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description: `Nguyên liệu số ${i + 1}: hạt điều rang muối Bình Phước loại W320`,
      unit: 'Kg' as const,
      quantity: 10 + i,
      unit_price: 215_000,
      vat_rate: i % 2 ? 5 : 8,
    }));
    const id = await createdId(buyer, orderBody({ lines }));
    const res = await t.app.inject({ method: 'GET', url: `${PO}/${id}/pdf`, headers: as(buyer) });
    const { pages } = await pdfText(res.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => expect(p).toContain(`Trang ${i + 1}/${pages.length}`));
    expect(pages[1]).toContain('STT Tên hàng hóa ĐVT Số lượng Đơn giá Chiết khấu Thuế GTGT Thành tiền');
    expect(pages.join(' ')).toContain('Nguyên liệu số 60: hạt điều rang muối Bình Phước loại W320');
  });
});

describe('the list and the export', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await t.db.delete(purchaseOrders).where(eq(purchaseOrders.platform, 'dtrack'));
    const small = [
      {
        description: 'Tem nhãn truy xuất QR',
        unit: 'Cái' as const,
        quantity: 5000,
        unit_price: 300,
        vat_rate: 10 as const,
      },
    ];
    ids = {
      big: await createdId(buyer, orderBody({ order_date: '2098-01-10', delivery_date: '2098-02-01' })),
      small: await createdId(
        buyer2,
        orderBody({ supplier_id: oemNoMailId, order_date: '2098-02-20', delivery_date: '2098-03-01', lines: small }),
      ),
      coffee: await createdId(
        buyer,
        orderBody({
          supplier_type: 'producer',
          supplier_id: supplierProducerId,
          order_date: '2098-03-05',
          delivery_date: '2098-03-20',
          lines: [
            { description: 'Cà phê Arabica Cầu Đất', unit: 'Kg', quantity: 200, unit_price: 150_000, vat_rate: 5 },
          ],
        }),
      ),
    };
    await move(buyer, ids.small, 'processing');
    await move(buyer, ids.coffee, 'cancelled', 'Đổi nhà cung cấp');
  });

  const list = async (u: Built, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${PO}?${query}`, headers: as(u) });
    expect(res.statusCode, res.body).toBe(200);
    return json(res);
  };
  const codesOf = (r: { data: { purchase_orders: { id: number }[] } }) => r.data.purchase_orders.map((o) => o.id);

  it('filters by status, supplier, order date, total and q (accent-free, goods too), with counts per status', async () => {
    const all = await list(reader, '');
    expect(all.meta).toMatchObject({
      total_count: 3,
      current_page: 1,
      counts: { pending: 1, processing: 1, cancelled: 1 },
    });
    expect(codesOf(all)).toEqual([ids.coffee, ids.small, ids.big]);
    expect(codesOf(await list(reader, 'status=processing'))).toEqual([ids.small]);
    // The counts leave the status filter out, and follow the others.
    expect((await list(reader, 'status=processing&supplier_type=oem')).meta.counts).toEqual({
      pending: 1,
      processing: 1,
    });
    expect(codesOf(await list(reader, 'supplier_type=producer'))).toEqual([ids.coffee]);
    expect(codesOf(await list(reader, `supplier_type=oem&supplier_id=${oemNoMailId}`))).toEqual([ids.small]);
    expect(codesOf(await list(reader, 'date_from=2098-02-01&date_to=2098-03-05'))).toEqual([ids.coffee, ids.small]);
    expect(codesOf(await list(reader, 'date_to=2098-01-10'))).toEqual([ids.big]);
    expect(codesOf(await list(reader, 'amount_min=1000000&amount_max=40000000'))).toEqual([ids.coffee, ids.small]);
    expect(codesOf(await list(reader, 'amount_min=2000000&amount_max=40000000'))).toEqual([ids.coffee]);
    expect(codesOf(await list(reader, 'amount_min=48356500'))).toEqual([ids.big]);
    expect(codesOf(await list(reader, 'q=hoa binh'))).toEqual([ids.big]);
    expect(codesOf(await list(reader, 'q=CA PHE ARABICA'))).toEqual([ids.coffee]);
    expect(codesOf(await list(reader, 'q=0309876543'))).toEqual([ids.small]);
    const code = (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, ids.small)))[0].code;
    expect(codesOf(await list(reader, `q=${code}`))).toEqual([ids.small]);
    expect(codesOf(await list(reader, 'sort=total'))).toEqual([ids.small, ids.coffee, ids.big]);
    expect(codesOf(await list(reader, 'sort=-order_date&per_page=2&page=2'))).toEqual([ids.big]);
    const row = (await list(buyer, 'status=cancelled')).data.purchase_orders[0];
    expect(row).toMatchObject({ reason: 'Đổi nhà cung cấp', supplier: { type: 'producer', name: 'HTX Cà phê Ea Tu' } });
  });

  it('refuses reversed ranges and unknown sorts (422, in Vietnamese: DTrack speaks it whatever the header)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${PO}?amount_min=10&amount_max=1&date_from=2098-02-01&date_to=2098-01-01&sort=supplier`,
      headers: as(reader, 'en'),
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).meta.errors).toEqual(
      expect.arrayContaining([{ field: 'sort', message: 'Cách sắp xếp không hợp lệ.' }]),
    );
    const ranges = await t.app.inject({ method: 'GET', url: `${PO}?amount_min=10&amount_max=1`, headers: as(reader) });
    expect(json(ranges).meta.errors).toEqual([
      { field: 'amount_max', message: 'Số tiền tối đa phải lớn hơn số tiền tối thiểu.' },
    ]);
  });

  it('offers the moves of the list to each reader', async () => {
    const rows = (await list(approver, 'status=processing')).data.purchase_orders;
    expect(rows[0].moves).toEqual([{ to: 'approved', reason: false }]);
    const own = (await list(buyer2, 'status=processing')).data.purchase_orders;
    expect(own[0].moves).toEqual([{ to: 'cancelled', reason: true }]);
  });

  async function sheet(query: string) {
    const res = await t.app.inject({ method: 'POST', url: `${PO}/export?${query}`, headers: as(reader) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    return { name: ws.name, header: rows[0], rows: rows.slice(1) };
  }

  it('exports every order, one row per line, or the filtered ones', async () => {
    const all = await sheet('mode=exportAllData&status=pending');
    expect(all.name).toBe('Đơn đặt hàng');
    expect(all.header).toEqual([
      'STT',
      'Số đơn',
      'Ngày đặt hàng',
      'Trạng thái',
      'Loại nhà cung cấp',
      'Nhà cung cấp',
      'Mã số thuế',
      'Dòng',
      'Tên hàng hóa',
      'Đơn vị tính',
      'Số lượng',
      'Đơn giá (đồng)',
      'Chiết khấu (đồng)',
      'Thuế suất GTGT (%)',
      'Thành tiền trước thuế (đồng)',
      'Tổng cộng đơn (đồng)',
      'Ngày giao hàng',
      'Địa điểm giao hàng',
      'Người lập',
      'Người duyệt',
      'Lý do hủy',
      'Ngày tạo',
    ]);
    // exportAllData ignores the filters: 3 + 1 + 1 lines.
    expect(all.rows).toHaveLength(5);
    const filtered = await sheet('mode=exportAsFilter&status=pending');
    expect(filtered.rows).toHaveLength(3);
    expect(filtered.rows[0].slice(3, 16)).toEqual([
      'Chờ xử lý',
      'Nhà sản xuất OEM',
      'Công ty TNHH Thực phẩm Hòa Bình',
      '0312345678',
      1,
      'Cà phê Robusta nhân xô loại 1',
      'Kg',
      120,
      45_000,
      270_000,
      5,
      5_130_000,
      48_356_500,
    ]);
    const cancelled = await sheet('mode=exportAsFilter&q=arabica');
    expect(cancelled.rows.map((r) => [r[3], r[20]])).toEqual([['Đã hủy', 'Đổi nhà cung cấp']]);
  });
});
