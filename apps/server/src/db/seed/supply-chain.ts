import { and, eq } from 'drizzle-orm';
import {
  PLATFORMS,
  PLATFORM_KEYS,
  checkGeometry,
  epcisEventHash,
  geometryAreaHa,
  toGtin14,
  withCheckDigit,
  type CertificationInput,
  type LocationGeometry,
  type LocationKind,
  type PlatformKey,
  type Position,
  type TraceStep,
  type Unit,
} from '@agrihub/contract';
import type { Db, Tx } from '../client.js';
import {
  activity,
  apiKeys,
  categories,
  chainEdges,
  epcisCaptureEvents,
  epcisCaptures,
  locations,
  productTypes,
  producers,
  products,
  shipments,
  traceEvents,
  traceScans,
  traceabilities,
  tradingPartners,
  transformationInputs,
  transformations,
  users,
} from '../schema/index.js';
import { giveBackToLot, takeFromLot } from '../../lib/lot-quantity.js';
import { publicCode, randomToken } from '../../lib/secrets.js';
import { generateApiKey } from '../../modules/api-keys/keys.js';
import { approvedSnapshot } from '../../modules/products/approval.js';
import { gtinToPrint } from '../../modules/products/gtin-reservations.js';
import { CHAIN_ACCOUNTS, demoEmail } from './accounts.js';
import { seedDiary } from './diary.js';

/**
 * The supply chain demo (issue 26, ADR 036): on each platform that shows batches (contract
 * `features.tracking`: DTrack), a coffee chain in Đắk Lắk written into the chain's own tables the
 * way the routes write them (ADR 036 §2): three member farms harvest cherries on their plots, ship
 * them to the cooperative, which receives them into lots of its own, roasts them into one lot and
 * ships it to a shop on the platform (received into the shop's lot) and to an outside buyer (an
 * edge to no lot). Every shipment state is shown (sent, received with a difference, refused,
 * cancelled), and a second small chain was recalled from a farm lot down to the shop. One
 * transaction per platform: a start that crashed halfway left nothing, and a platform whose
 * cooperative already has the roasted lot is skipped.
 */

const DAY = 86_400_000;
const VN = '+07:00';

/** The stable public codes of the chain's lots: `DEMOCHAIN` + the platform's digit + 6 digits. */
export function supplyChainCode(platform: PlatformKey, n: number): string {
  return `DEMOCHAIN${PLATFORM_KEYS.indexOf(platform) + 1}${String(n).padStart(6, '0')}`;
}

/** The lots a reader of the README opens: the roasted lot (its public page shows its origins) and the recalled one. */
export const SUPPLY_CHAIN_LOTS = {
  roasted: { lotCode: 'RX-2526-002', code: 1 },
  recalledRoasted: { lotCode: 'RX-2526-001', code: 2 },
} as const;

/** The platforms the chain is seeded on: those that show batches (contract gates.ts `batches`). */
export const supplyChainPlatforms = (): PlatformKey[] => PLATFORM_KEYS.filter((p) => PLATFORMS[p].features.tracking);

/** What the seed adds per platform (the resume test's census). */
export const SUPPLY_CHAIN_COUNTS = { lots: 14, products: 6, shipments: 11, transformations: 2 } as const;

const RECALL_REASON =
  'Kết quả kiểm nghiệm mẫu lưu phát hiện dư lượng chlorpyrifos ethyl (hoạt chất đã bị cấm) trên lô quả tươi thu hái sớm của nông hộ Nguyễn Thị Hạnh. Thu hồi lô quả tươi và toàn bộ cà phê làm từ lô này; đề nghị người tiêu dùng ngừng sử dụng và liên hệ cửa hàng để được hoàn tiền.';

interface Actor {
  userId: number;
  producerId: number;
  name: string;
}

interface Ctx {
  tx: Tx;
  platform: PlatformKey;
  now: Date;
  /** The next event position of each lot (events are appended, as the routes do). */
  positions: Map<number, number>;
}

type LotRow = typeof traceabilities.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type PartnerRow = typeof tradingPartners.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

const daysAgo = (c: Ctx, n: number) => new Date(c.now.getTime() - n * DAY);
/** The Vietnam calendar day `n` days ago (never in Vietnam's future). */
const dayAgo = (c: Ctx, n: number) => new Date(c.now.getTime() - n * DAY + 7 * 3_600_000).toISOString().slice(0, 10);
const at = (day: string, time = '08:00') => new Date(`${day}T${time}:00${VN}`);

/** A plot outline drawn in metres east/north of a corner, as a GPS walk would give it (6 decimals). */
function outline(lon0: number, lat0: number, metres: [number, number][]): LocationGeometry {
  const perLon = 1 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  const perLat = 1 / 110_600;
  const ring: Position[] = metres.map(([x, y]) => [
    Math.round((lon0 + x * perLon) * 1e6) / 1e6,
    Math.round((lat0 + y * perLat) * 1e6) / 1e6,
  ]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

const point = (lon: number, lat: number): LocationGeometry => ({ type: 'Point', coordinates: [lon, lat] });

interface PlotPlan {
  name: string;
  commune: string;
  address: string;
  geometry: LocationGeometry;
  certificate: { number: string; issuer: string; fromDaysAgo: number; untilDaysAgo: number };
}

/** The three member farms' plots: one over 4 ha (EUDR's threshold), two of 1–3 ha. */
const FARM_PLOTS: PlotPlan[] = [
  {
    name: 'Vườn cà phê Y Thuyên – thửa 112, tờ bản đồ số 18',
    commune: 'xã Cư M’gar',
    address: 'Buôn Ea Mdróh',
    geometry: outline(108.071254, 12.860318, [
      [0, 0],
      [96, -12],
      [214, 4],
      [236, 88],
      [221, 176],
      [132, 204],
      [41, 193],
      [-14, 118],
      [-9, 47],
    ]),
    certificate: {
      number: 'VietGAP-TT-23-11-66-0112',
      issuer: 'Công ty CP Chứng nhận và Giám định VinaCert',
      fromDaysAgo: 400,
      untilDaysAgo: -695,
    },
  },
  {
    name: 'Vườn cà phê Hạnh – thửa 57, tờ bản đồ số 9',
    commune: 'xã Ea Kiết',
    address: 'Thôn 3',
    geometry: outline(108.012871, 12.947642, [
      [0, 0],
      [118, 8],
      [131, 74],
      [112, 151],
      [38, 146],
      [-6, 83],
    ]),
    // Expired after this season's harvest: the location page shows the state.
    certificate: {
      number: 'VietGAP-TT-22-10-66-0057',
      issuer: 'Trung tâm Chứng nhận Phù hợp (QUACERT)',
      fromDaysAgo: 1115,
      untilDaysAgo: 20,
    },
  },
  {
    name: 'Vườn cà phê Phúc – thửa 203, tờ bản đồ số 31',
    commune: 'xã Cuôr Đăng',
    address: 'Thôn 7',
    geometry: outline(108.153406, 12.823515, [
      [0, 0],
      [84, -21],
      [172, 6],
      [166, 97],
      [149, 162],
      [61, 158],
      [8, 104],
    ]),
    certificate: {
      number: 'VietGAP-TT-24-03-66-0203',
      issuer: 'Công ty CP Chứng nhận và Giám định VinaCert',
      fromDaysAgo: 250,
      untilDaysAgo: -845,
    },
  },
];

const CROP = 'Cà phê vối (Robusta), cây ghép giống TR4';

async function actorOf(c: Ctx, local: string): Promise<Actor | null> {
  const [u] = await c.tx
    .select({ id: users.id, producerId: users.producerId, name: users.name })
    .from(users)
    .where(and(eq(users.platform, c.platform), eq(users.email, demoEmail(local, c.platform))));
  return u?.producerId ? { userId: u.id, producerId: u.producerId, name: u.name } : null;
}

async function addLocation(
  c: Ctx,
  owner: Actor,
  l: {
    kind: LocationKind;
    name: string;
    commune: string;
    address: string;
    /** None: a plot not surveyed yet (the EUDR statement of its lots is not ready, ADR 042). */
    geometry: LocationGeometry | null;
    gln?: string;
    crop?: string;
    certifications?: CertificationInput[];
  },
): Promise<LocationRow> {
  // The contract's rules, as the location routes apply them.
  const checked = l.geometry ? checkGeometry(l.geometry) : null;
  if (checked && !checked.ok) throw new Error(`demo location ${l.name}: ${checked.message}`);
  const geometry = checked?.ok ? checked.geometry : null;
  const [row] = await c.tx
    .insert(locations)
    .values({
      platform: c.platform,
      producerId: owner.producerId,
      kind: l.kind,
      name: l.name,
      provinceCode: '66',
      commune: l.commune,
      address: l.address,
      gln: l.gln ?? null,
      geometry,
      areaHa: geometry?.type === 'Polygon' ? Math.round(geometryAreaHa(geometry) * 1e4) / 1e4 : null,
      crop: l.crop ?? null,
      certifications: l.certifications ?? [],
      createdAt: daysAgo(c, 420),
      updatedAt: daysAgo(c, 420),
    })
    .returning();
  return row;
}

async function addPartner(
  c: Ctx,
  owner: Actor,
  p: {
    linked?: Actor & { producerName: string; taxCode: string | null };
    name?: string;
    taxCode?: string;
    address?: string;
    gln?: string;
    note?: string;
  },
): Promise<PartnerRow> {
  const [row] = await c.tx
    .insert(tradingPartners)
    .values({
      platform: c.platform,
      producerId: owner.producerId,
      linkedProducerId: p.linked?.producerId ?? null,
      name: p.linked?.producerName ?? p.name!,
      taxCode: p.linked?.taxCode ?? p.taxCode ?? null,
      address: p.address ?? null,
      gln: p.gln ?? null,
      note: p.note ?? null,
      createdAt: daysAgo(c, 410),
      updatedAt: daysAgo(c, 410),
    })
    .returning();
  return row;
}

/** An approved product (what a public page shows is its approved version, ADR 007). */
async function addProduct(
  c: Ctx,
  owner: Actor,
  p: {
    name: string;
    nameEn: string;
    description: string;
    unit: Unit;
    gtinBody?: string;
    price: number;
    /** Circular 02/2024 consumer information (ADR 043). */
    sku?: string;
    brand?: string;
    trademark?: string;
    standards?: string[];
    shelfLifeDays?: number;
  },
) {
  const [cat] = await c.tx.select({ id: categories.id }).from(categories).where(eq(categories.code, '504'));
  const [type] = await c.tx
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(eq(productTypes.name, 'Chè và cà phê'));
  const gtin = p.gtinBody ? withCheckDigit(p.gtinBody) : null;
  const created = daysAgo(c, 300);
  const [row] = await c.tx
    .insert(products)
    .values({
      platform: c.platform,
      producerId: owner.producerId,
      name: p.name,
      nameEn: p.nameEn,
      description: p.description,
      categoryId: cat?.id ?? null,
      productTypeId: type?.id ?? null,
      unit: p.unit,
      priceCents: p.price,
      taxRate: 5,
      gtin,
      gtin14: gtin ? toGtin14(gtin) : null,
      gtinVerified: !!gtin,
      originProvinceCode: '66',
      originCountry: 'VN',
      sku: p.sku ?? null,
      brand: p.brand ?? null,
      trademark: p.trademark ?? null,
      standards: p.standards ?? [],
      shelfLifeDays: p.shelfLifeDays ?? null,
      status: 'approved',
      publicCode: publicCode(),
      submittedAt: created,
      reviewedAt: new Date(created.getTime() + DAY),
      createdAt: created,
      updatedAt: new Date(created.getTime() + DAY),
    })
    .returning();
  await c.tx
    .update(products)
    .set({ approvedAt: row.reviewedAt, approvedSnapshot: await approvedSnapshot(c.tx, row) })
    .where(eq(products.id, row.id));
  return row;
}

interface LotPlan {
  product: typeof products.$inferSelect;
  lotCode: string;
  code: number;
  quantity: number;
  /** Its production (harvest, receipt, transformation) day, days ago. */
  madeDaysAgo: number;
  /** Created when first recorded, days ago. */
  createdDaysAgo: number;
  base: LocationRow;
  publishedDaysAgo?: number;
  expiryDays?: number;
  certificates?: { name: string; issuer: string; number: string; valid_until: string }[];
}

async function addLot(c: Ctx, owner: Actor, l: LotPlan): Promise<LotRow> {
  const published = l.publishedDaysAgo !== undefined;
  const made = dayAgo(c, l.madeDaysAgo);
  const [lot] = await c.tx
    .insert(traceabilities)
    .values({
      platform: c.platform,
      producerId: owner.producerId,
      productId: l.product.id,
      lotCode: l.lotCode,
      publicCode: supplyChainCode(c.platform, l.code),
      productionDate: made,
      expiryDate: l.expiryDays ? new Date(at(made).getTime() + l.expiryDays * DAY).toISOString().slice(0, 10) : null,
      quantity: l.quantity,
      unit: l.product.unit,
      productionBase: {
        name: l.base.name,
        address: [l.base.address, l.base.commune].filter(Boolean).join(', '),
        province_code: l.base.provinceCode,
      },
      certificates: (l.certificates ?? []).map((x) => ({ ...x, file: null })),
      status: published ? 'published' : 'draft',
      gtin14: published
        ? await gtinToPrint(c.tx, { platform: c.platform, producerId: owner.producerId, productId: l.product.id })
        : null,
      publishedAt: published ? daysAgo(c, l.publishedDaysAgo!) : null,
      createdAt: daysAgo(c, l.createdDaysAgo),
      updatedAt: published ? daysAgo(c, l.publishedDaysAgo!) : daysAgo(c, l.createdDaysAgo),
    })
    .returning();
  await c.tx.insert(activity).values([
    {
      subjectType: 'traceability',
      subjectId: lot.id,
      platform: c.platform,
      actorId: owner.userId,
      action: 'create',
      diff: { lot_code: l.lotCode, seed: true },
      createdAt: daysAgo(c, l.createdDaysAgo),
    },
    ...(published
      ? [
          {
            subjectType: 'traceability',
            subjectId: lot.id,
            platform: c.platform,
            actorId: owner.userId,
            action: 'publish',
            fromStatus: 'draft',
            toStatus: 'published',
            diff: {},
            createdAt: daysAgo(c, l.publishedDaysAgo!),
          },
        ]
      : []),
  ]);
  return lot;
}

async function addEvent(
  c: Ctx,
  lotId: number,
  e: {
    step: TraceStep;
    at: Date;
    location: LocationRow;
    description: string;
    by: Actor;
    shipmentId?: number;
    transformationId?: number;
  },
): Promise<void> {
  const position = c.positions.get(lotId) ?? 0;
  c.positions.set(lotId, position + 1);
  await c.tx.insert(traceEvents).values({
    traceabilityId: lotId,
    step: e.step,
    occurredAt: e.at,
    place: e.location.name,
    locationId: e.location.id,
    shipmentId: e.shipmentId ?? null,
    transformationId: e.transformationId ?? null,
    description: e.description,
    position,
    createdBy: e.by.userId,
    createdAt: e.at,
  });
}

/**
 * A partner's EPCIS receiving event captured onto a lot it received (ADR 040), as its system would
 * send it through `POST /epcis/capture` with the producer's API key: the capture job, the event kept
 * verbatim with its CBV 2.0 hash, shown on the lot's timeline as the partner's.
 */
async function capturedReceipt(
  c: Ctx,
  owner: Actor,
  lot: LotRow,
  e: { party: string; at: Date; quantity: number; sgln: string },
): Promise<void> {
  const epcClass = lot.gtin14
    ? `https://id.gs1.org/01/${lot.gtin14}/10/${encodeURIComponent(lot.lotCode)}`
    : `urn:agrihub:class:x:${encodeURIComponent(lot.lotCode)}`;
  const offset = '+07:00';
  const local = new Date(e.at.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
  const body = {
    type: 'ObjectEvent',
    eventTime: `${local}${offset}`,
    eventTimeZoneOffset: offset,
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'in_progress',
    epcList: [],
    quantityList: [{ epcClass, quantity: e.quantity, uom: 'KGM' }],
    readPoint: { id: e.sgln },
    bizLocation: { id: e.sgln },
  };
  const hash = epcisEventHash(body);
  const [job] = await c.tx
    .insert(epcisCaptures)
    .values({
      captureId: `cap_${randomToken().slice(0, 24)}`,
      platform: c.platform,
      producerId: owner.producerId,
      partyName: e.party,
      eventCount: 1,
      newCount: 1,
      createdAt: e.at,
      finishedAt: e.at,
    })
    .returning({ id: epcisCaptures.id });
  const position = c.positions.get(lot.id) ?? 0;
  c.positions.set(lot.id, position + 1);
  const [row] = await c.tx
    .insert(traceEvents)
    .values({
      traceabilityId: lot.id,
      step: 'receiving',
      occurredAt: e.at,
      position,
      origin: 'captured',
      captureId: job.id,
      epcisHash: hash,
      epcisEvent: { ...body, eventID: hash },
      capturedBy: e.party,
      createdAt: e.at,
    })
    .returning({ id: traceEvents.id });
  await c.tx
    .insert(epcisCaptureEvents)
    .values({ captureId: job.id, position: 0, producerId: owner.producerId, traceEventId: row.id });
}

/** A farm's own events on its harvest lot, all at its plot. */
async function farmEvents(c: Ctx, farm: Actor, lot: LotRow, plot: LocationRow, harvestDaysAgo: number) {
  await addEvent(c, lot.id, {
    step: 'planting',
    at: at(dayAgo(c, harvestDaysAgo + 210), '07:30'),
    location: plot,
    description:
      'Bắt đầu vụ 2025–2026 trên vườn cà phê vối ghép trồng năm 2016: tưới nước đợt 1 cho cây ra hoa đồng loạt, tỉa cành vượt.',
    by: farm,
  });
  await addEvent(c, lot.id, {
    step: 'caring',
    at: at(dayAgo(c, harvestDaysAgo + 120), '07:30'),
    location: plot,
    description:
      'Bón phân hữu cơ vi sinh và phân NPK theo quy trình VietGAP, cắt cỏ bằng máy (không dùng thuốc diệt cỏ); ghi nhật ký đồng ruộng.',
    by: farm,
  });
  await addEvent(c, lot.id, {
    step: 'harvesting',
    at: at(dayAgo(c, harvestDaysAgo), '07:30'),
    location: plot,
    description: 'Hái chọn quả chín (trên 90 % quả chín), đựng bao sạch, cân và ghi phiếu cân tại vườn.',
    by: farm,
  });
}

/** A shipping CTE (the sender's POST /shipments): the row, the take, the edge to no lot, the event. */
async function ship(
  c: Ctx,
  sender: Actor,
  s: {
    lot: LotRow;
    quantity: number;
    from: LocationRow;
    partner: PartnerRow;
    shippedDaysAgo: number;
    documentType: 'invoice' | 'delivery_note' | 'other';
    documentNumber: string;
    carrier: string;
    destination?: string;
    note?: string;
  },
): Promise<ShipmentRow> {
  const shippedOn = dayAgo(c, s.shippedDaysAgo);
  const when = at(shippedOn);
  const [row] = await c.tx
    .insert(shipments)
    .values({
      platform: c.platform,
      producerId: sender.producerId,
      lotId: s.lot.id,
      quantity: s.quantity,
      unit: s.lot.unit,
      fromLocationId: s.from.id,
      partnerId: s.partner.id,
      receiverProducerId: s.partner.linkedProducerId,
      destination: s.destination ?? null,
      shippedOn,
      documentType: s.documentType,
      documentNumber: s.documentNumber,
      carrier: s.carrier,
      senderNote: s.note ?? null,
      status: 'sent',
      createdBy: sender.userId,
      createdAt: when,
      updatedAt: when,
    })
    .returning();
  await takeFromLot(c.tx, s.lot.id, s.quantity);
  await c.tx.insert(chainEdges).values({
    platform: c.platform,
    fromLotId: s.lot.id,
    toLotId: null,
    kind: 'shipment',
    sourceId: row.id,
    partnerId: s.partner.id,
    quantity: s.quantity,
    unit: s.lot.unit,
    occurredOn: shippedOn,
  });
  await addEvent(c, s.lot.id, {
    step: 'shipping',
    at: when,
    location: s.from,
    // What the public page may show of a shipment: the step, place, date and how it travelled —
    // never the quantity or the partner's terms (ADR 036 §5).
    description: `Vận chuyển: ${s.carrier}.`,
    by: sender,
    shipmentId: row.id,
  });
  return row;
}

/** A receiving CTE (the receiver's POST /shipments/incoming/{id}/receive): a new lot of its own. */
async function receive(
  c: Ctx,
  receiver: Actor,
  s: ShipmentRow,
  r: Omit<LotPlan, 'quantity' | 'base' | 'createdDaysAgo'> & {
    quantity: number;
    location: LocationRow;
    receivedDaysAgo: number;
    note?: string;
  },
): Promise<LotRow> {
  const receivedOn = dayAgo(c, r.receivedDaysAgo);
  const lot = await addLot(c, receiver, { ...r, base: r.location, createdDaysAgo: r.receivedDaysAgo });
  await c.tx
    .update(chainEdges)
    .set({ toLotId: lot.id })
    .where(and(eq(chainEdges.kind, 'shipment'), eq(chainEdges.sourceId, s.id)));
  await c.tx
    .update(shipments)
    .set({
      status: 'received',
      receivedLotId: lot.id,
      receivedQuantity: r.quantity,
      receivedOn,
      receiverLocationId: r.location.id,
      receiverNote: r.note ?? null,
      updatedAt: at(receivedOn),
    })
    .where(eq(shipments.id, s.id));
  await addEvent(c, lot.id, {
    step: 'receiving',
    at: at(receivedOn),
    location: r.location,
    description: 'Nhận hàng, kiểm tra chất lượng và cân lại tại nơi nhận.',
    by: receiver,
    shipmentId: s.id,
  });
  return lot;
}

/** Refusal (receiver) or cancellation (sender): the edge and events go, the quantity goes back. */
async function undo(c: Ctx, s: ShipmentRow, status: 'refused' | 'cancelled', reason: string, daysAgoN: number) {
  await c.tx.delete(chainEdges).where(and(eq(chainEdges.kind, 'shipment'), eq(chainEdges.sourceId, s.id)));
  await giveBackToLot(c.tx, s.lotId, s.quantity);
  await c.tx.delete(traceEvents).where(eq(traceEvents.shipmentId, s.id));
  await c.tx
    .update(shipments)
    .set({
      status,
      ...(status === 'refused' ? { refusalReason: reason } : { cancelReason: reason }),
      updatedAt: at(dayAgo(c, daysAgoN), '15:00'),
    })
    .where(eq(shipments.id, s.id));
}

/** A transformation CTE: the output lot, the takes, the inputs, one edge per input, the event. */
async function transform(
  c: Ctx,
  owner: Actor,
  t: {
    inputs: { lot: LotRow; quantity: number }[];
    location: LocationRow;
    output: Omit<LotPlan, 'base' | 'createdDaysAgo'>;
    /** The event's text (public): how it was made, without quantities. */
    description: string;
    /** The producer's own note on the transformation (quantities, yield). */
    note: string;
  },
): Promise<LotRow> {
  const on = dayAgo(c, t.output.madeDaysAgo);
  const lot = await addLot(c, owner, { ...t.output, base: t.location, createdDaysAgo: t.output.madeDaysAgo });
  const [row] = await c.tx
    .insert(transformations)
    .values({
      platform: c.platform,
      producerId: owner.producerId,
      outputLotId: lot.id,
      locationId: t.location.id,
      transformedOn: on,
      note: t.note,
      createdBy: owner.userId,
      createdAt: at(on),
    })
    .returning();
  for (const input of t.inputs) {
    await takeFromLot(c.tx, input.lot.id, input.quantity);
    await c.tx
      .insert(transformationInputs)
      .values({ transformationId: row.id, lotId: input.lot.id, quantity: input.quantity, unit: input.lot.unit });
    await c.tx.insert(chainEdges).values({
      platform: c.platform,
      fromLotId: input.lot.id,
      toLotId: lot.id,
      kind: 'transformation',
      sourceId: row.id,
      partnerId: null,
      quantity: input.quantity,
      unit: input.lot.unit,
      occurredOn: on,
    });
  }
  await addEvent(c, lot.id, {
    step: 'processing',
    at: at(on),
    location: t.location,
    description: t.description,
    by: owner,
    transformationId: row.id,
  });
  return lot;
}

/** The recall of an affected lot (published): state, reason and its history row. */
async function recall(c: Ctx, lot: LotRow, by: number | null, daysAgoN: number) {
  const when = daysAgo(c, daysAgoN);
  await c.tx
    .update(traceabilities)
    .set({ recalledAt: when, recallReason: RECALL_REASON, updatedAt: when })
    .where(eq(traceabilities.id, lot.id));
  await c.tx.insert(activity).values({
    subjectType: 'traceability',
    subjectId: lot.id,
    platform: c.platform,
    actorId: by,
    action: 'recall',
    fromStatus: 'published',
    toStatus: 'recalled',
    note: RECALL_REASON,
    diff: { reason: RECALL_REASON },
    createdAt: when,
  });
}

const vietgapOf = (c: Ctx, p: PlotPlan): CertificationInput => ({
  scheme: 'vietgap',
  number: p.certificate.number,
  issuer: p.certificate.issuer,
  valid_from: dayAgo(c, p.certificate.fromDaysAgo),
  valid_until: dayAgo(c, p.certificate.untilDaysAgo),
});

async function seedPlatform(c: Ctx): Promise<void> {
  const coop = await actorOf(c, CHAIN_ACCOUNTS.coop);
  const shop = await actorOf(c, CHAIN_ACCOUNTS.shop);
  const farms = await Promise.all(CHAIN_ACCOUNTS.farms.map((f) => actorOf(c, f)));
  if (!coop || !shop || farms.some((f) => !f)) return;
  const [f1, f2, f3] = farms as Actor[];
  const pi = PLATFORM_KEYS.indexOf(c.platform);
  const linked = async (a: Actor) => {
    const [p] = await c.tx
      .select({ name: producers.name, taxCode: producers.taxCode })
      .from(producers)
      .where(eq(producers.id, a.producerId));
    return { ...a, producerName: p.name, taxCode: p.taxCode };
  };

  // Locations: each farm's plot with its outline and VietGAP certificate; the cooperative's
  // warehouse and plant; the shop's store.
  const plots: LocationRow[] = [];
  for (const [i, farm] of [f1, f2, f3].entries()) {
    const p = FARM_PLOTS[i];
    plots.push(
      await addLocation(c, farm, {
        kind: 'farm_plot',
        name: p.name,
        commune: p.commune,
        address: p.address,
        geometry: p.geometry,
        crop: CROP,
        certifications: [vietgapOf(c, p)],
      }),
    );
  }
  const warehouse = await addLocation(c, coop, {
    kind: 'warehouse',
    name: 'Kho nguyên liệu HTX Cà phê Cư M’gar',
    commune: 'xã Cư M’gar',
    address: 'Thôn 5',
    geometry: point(108.082417, 12.871953),
    gln: withCheckDigit(`893604${pi}53001`),
    crop: 'Cà phê quả tươi, cà phê nhân',
  });
  const plant = await addLocation(c, coop, {
    kind: 'processing_plant',
    name: 'Xưởng sơ chế – rang xay HTX Cà phê Cư M’gar',
    commune: 'xã Cư M’gar',
    address: 'Thôn 5',
    geometry: point(108.083106, 12.872518),
    gln: withCheckDigit(`893604${pi}53002`),
    certifications: [
      {
        scheme: 'other',
        number: 'ATTP-66-2025-0456',
        issuer: 'Chi cục Quản lý chất lượng nông lâm sản và thủy sản Đắk Lắk',
        valid_from: dayAgo(c, 330),
        valid_until: dayAgo(c, -765),
      },
    ],
  });
  const store = await addLocation(c, shop, {
    kind: 'shop',
    name: 'Cửa hàng Ban Mê Xanh – 45 Lý Thường Kiệt',
    commune: 'phường Buôn Ma Thuột',
    address: '45 Lý Thường Kiệt',
    geometry: point(108.046893, 12.680715),
    gln: withCheckDigit(`893604${pi}54001`),
  });

  // Trading partners: the cooperative's three farms and the shop (on the platform) and one
  // outside buyer; each farm's and the shop's list has the cooperative.
  const coopLinked = await linked(coop);
  const coopOf = new Map<number, PartnerRow>();
  for (const a of [f1, f2, f3, shop]) coopOf.set(a.producerId, await addPartner(c, a, { linked: coopLinked }));
  const farmPartner: PartnerRow[] = [];
  for (const f of [f1, f2, f3])
    farmPartner.push(
      await addPartner(c, coop, { linked: await linked(f), note: 'Thành viên HTX, hợp đồng bao tiêu vụ 2025–2026.' }),
    );
  const shopPartner = await addPartner(c, coop, { linked: await linked(shop), note: 'Giá sỉ theo bảng giá quý.' });
  const outside = await addPartner(c, coop, {
    name: 'Công ty TNHH Thương mại Cà phê Sài Gòn Xanh',
    taxCode: '0316789012',
    address: 'Số 12 Nguyễn Thị Minh Khai, phường Sài Gòn, TP. Hồ Chí Minh',
    gln: withCheckDigit(`893604${pi}99001`),
    note: 'Thanh toán 30 ngày sau khi nhận hàng.',
  });

  // Products: each farm's cherries, the cooperative's intake and roasted coffee, the shop's retail coffee.
  const cherries = (farm: Actor) =>
    addProduct(c, farm, {
      name: 'Cà phê vối quả tươi',
      nameEn: 'Fresh Robusta coffee cherries',
      description: 'Quả cà phê vối chín hái chọn, trồng theo VietGAP tại Đắk Lắk.',
      unit: 'Kg',
      price: 14_000,
      standards: ['VietGAP'],
      shelfLifeDays: 3,
    });
  const farmProducts = [await cherries(f1), await cherries(f2), await cherries(f3)];
  const intake = await addProduct(c, coop, {
    name: 'Cà phê quả tươi thu mua',
    nameEn: 'Purchased coffee cherries',
    description: 'Quả cà phê vối chín thu mua từ nông hộ thành viên đạt VietGAP.',
    unit: 'Kg',
    price: 14_500,
  });
  const roastedProduct = await addProduct(c, coop, {
    name: 'Cà phê rang xay',
    nameEn: 'Roasted ground coffee',
    description: 'Cà phê vối Cư M’gar rang mộc vừa, xay sẵn; không tẩm, không phụ gia.',
    unit: 'Kg',
    price: 260_000,
    gtinBody: `8936045${pi}3001`,
    sku: 'CMG-RX-500',
    brand: 'Cư M’gar Robusta',
    trademark: 'Cư M’gar Robusta (GCN nhãn hiệu số 412345)',
    standards: ['TCVN 5251:2015 Cà phê bột', 'QCVN 8-2:2011/BYT'],
    shelfLifeDays: 365,
  });
  const retail = await addProduct(c, shop, {
    name: 'Cà phê rang xay Ban Mê Xanh',
    nameEn: 'Ban Me Xanh roasted ground coffee',
    description: 'Cà phê rang xay của HTX Cà phê Cư M’gar, đóng gói lại tại cửa hàng.',
    unit: 'Kg',
    price: 320_000,
    gtinBody: `8936045${pi}4001`,
    sku: 'BMX-RX-250',
    brand: 'Ban Mê Xanh',
    trademark: 'Ban Mê Xanh (GCN nhãn hiệu số 398765)',
    standards: ['TCVN 5251:2015 Cà phê bột'],
    shelfLifeDays: 270,
  });

  const vietgap = (i: number) => ({
    name: 'Chứng nhận VietGAP',
    issuer: FARM_PLOTS[i].certificate.issuer,
    number: FARM_PLOTS[i].certificate.number,
    valid_until: dayAgo(c, FARM_PLOTS[i].certificate.untilDaysAgo),
  });
  const foodSafety = {
    name: 'Giấy chứng nhận cơ sở đủ điều kiện an toàn thực phẩm',
    issuer: 'Chi cục Quản lý chất lượng nông lâm sản và thủy sản Đắk Lắk',
    number: 'ATTP-66-2025-0456',
    valid_until: dayAgo(c, -765),
  };
  const harvest = async (
    i: number,
    farm: Actor,
    lotCode: string,
    code: number,
    kg: number,
    d: number,
    plot: LocationRow = plots[i],
  ) => {
    const lot = await addLot(c, farm, {
      product: farmProducts[i],
      lotCode,
      code,
      quantity: kg,
      madeDaysAgo: d,
      createdDaysAgo: d + 210,
      base: plot,
      publishedDaysAgo: d,
      certificates: [vietgap(i)],
    });
    await farmEvents(c, farm, lot, plot, d);
    return lot;
  };
  const truck = (plate: string) => `Xe tải nhỏ của nông hộ (biển số ${plate})`;
  const coopTruck = 'Xe giao hàng của HTX (biển số 47H-567.89)';

  // — The recalled chain: farm 2's early pick → the cooperative → a small roast → the shop.
  const early = await harvest(1, f2, 'QT-2526-01', 12, 1_200, 75);
  const s0 = await ship(c, f2, {
    lot: early,
    quantity: 1_200,
    from: plots[1],
    partner: coopOf.get(f2.producerId)!,
    shippedDaysAgo: 74,
    documentType: 'delivery_note',
    documentNumber: 'PC-H-0001',
    carrier: truck('47C-218.06'),
  });
  const intake0 = await receive(c, coop, s0, {
    product: intake,
    lotCode: 'NK-2526-001',
    code: 21,
    quantity: 1_190,
    madeDaysAgo: 74,
    location: warehouse,
    receivedDaysAgo: 74,
    note: 'Cân lại tại kho: hụt 10 kg do quả dập.',
  });
  const roast0 = await transform(c, coop, {
    inputs: [{ lot: intake0, quantity: 1_190 }],
    location: plant,
    output: {
      product: roastedProduct,
      lotCode: SUPPLY_CHAIN_LOTS.recalledRoasted.lotCode,
      code: SUPPLY_CHAIN_LOTS.recalledRoasted.code,
      quantity: 210,
      madeDaysAgo: 60,
      publishedDaysAgo: 59,
      expiryDays: 365,
      certificates: [foodSafety],
    },
    description: 'Phơi quả trên giàn đến độ ẩm 12,5 %, xát khô ra nhân xanh, rang mộc vừa ở 210 °C và xay.',
    note: 'Mẻ đầu vụ: 1.190 kg quả tươi cho 210 kg cà phê rang xay.',
  });
  const s1 = await ship(c, coop, {
    lot: roast0,
    quantity: 100,
    from: plant,
    partner: shopPartner,
    shippedDaysAgo: 57,
    documentType: 'invoice',
    documentNumber: 'C25TCM-00000087',
    carrier: coopTruck,
  });
  const shop0 = await receive(c, shop, s1, {
    product: retail,
    lotCode: 'BMX-2526-001',
    code: 4,
    quantity: 100,
    madeDaysAgo: 57,
    location: store,
    receivedDaysAgo: 57,
    publishedDaysAgo: 56,
    expiryDays: 330,
  });

  // — The main chain: three harvests → the cooperative → the roasted lot → two shops.
  const h1 = await harvest(0, f1, 'QT-2526-01', 11, 12_000, 60);
  const h2 = await harvest(1, f2, 'QT-2526-02', 13, 5_000, 58);
  const h3 = await harvest(2, f3, 'QT-2526-01', 14, 7_500, 56);
  const sh1 = await ship(c, f1, {
    lot: h1,
    quantity: 10_000,
    from: plots[0],
    partner: coopOf.get(f1.producerId)!,
    shippedDaysAgo: 59,
    documentType: 'delivery_note',
    documentNumber: 'PC-YT-0012',
    carrier: truck('47C-301.44'),
  });
  const sh2 = await ship(c, f2, {
    lot: h2,
    quantity: 4_500,
    from: plots[1],
    partner: coopOf.get(f2.producerId)!,
    shippedDaysAgo: 57,
    documentType: 'delivery_note',
    documentNumber: 'PC-H-0007',
    carrier: truck('47C-218.06'),
  });
  const refused = await ship(c, f2, {
    lot: h2,
    quantity: 500,
    from: plots[1],
    partner: coopOf.get(f2.producerId)!,
    shippedDaysAgo: 57,
    documentType: 'delivery_note',
    documentNumber: 'PC-H-0008',
    carrier: truck('47C-218.06'),
  });
  await undo(
    c,
    refused,
    'refused',
    'Tỷ lệ quả xanh và quả khô lẫn trên 15 %, không đạt tiêu chuẩn thu mua của HTX (tối thiểu 90 % quả chín); đề nghị phân loại lại.',
    57,
  );
  const sh3 = await ship(c, f3, {
    lot: h3,
    quantity: 7_000,
    from: plots[2],
    partner: coopOf.get(f3.producerId)!,
    shippedDaysAgo: 55,
    documentType: 'delivery_note',
    documentNumber: 'PC-LP-0031',
    carrier: truck('47C-455.12'),
  });
  const r1 = await receive(c, coop, sh1, {
    product: intake,
    lotCode: 'NK-2526-002',
    code: 22,
    quantity: 9_960,
    madeDaysAgo: 59,
    location: warehouse,
    receivedDaysAgo: 59,
    note: 'Cân tại kho thiếu 40 kg so với phiếu cân tại vườn (quả mất nước trên đường).',
  });
  const r2 = await receive(c, coop, sh2, {
    product: intake,
    lotCode: 'NK-2526-003',
    code: 23,
    quantity: 4_500,
    madeDaysAgo: 57,
    location: warehouse,
    receivedDaysAgo: 57,
  });
  const r3 = await receive(c, coop, sh3, {
    product: intake,
    lotCode: 'NK-2526-004',
    code: 24,
    quantity: 7_000,
    madeDaysAgo: 55,
    location: warehouse,
    receivedDaysAgo: 55,
  });
  const roasted = await transform(c, coop, {
    inputs: [
      { lot: r1, quantity: 9_000 },
      { lot: r2, quantity: 4_500 },
      { lot: r3, quantity: 7_000 },
    ],
    location: plant,
    output: {
      product: roastedProduct,
      lotCode: SUPPLY_CHAIN_LOTS.roasted.lotCode,
      code: SUPPLY_CHAIN_LOTS.roasted.code,
      quantity: 3_700,
      madeDaysAgo: 36,
      publishedDaysAgo: 35,
      expiryDays: 365,
      certificates: [foodSafety],
    },
    description:
      'Phơi quả trên sân và giàn 18 ngày đến độ ẩm 12,5 %, xát khô ra nhân xanh, phân loại sàng 16, rang mộc vừa ở 210 °C và xay.',
    note: '20.500 kg quả tươi → khoảng 4.550 kg nhân xanh → 3.700 kg cà phê rang xay (hao hụt rang khoảng 18 %).',
  });
  await addEvent(c, roasted.id, {
    step: 'packing',
    at: at(dayAgo(c, 36), '14:00'),
    location: plant,
    description: 'Đóng túi 500 g và bao 5 kg có van một chiều, dán tem truy xuất có mã QR.',
    by: coop,
  });
  await c.tx.insert(traceScans).values({ traceabilityId: roasted.id, scans: 42, sources: 17 });
  const toShop = await ship(c, coop, {
    lot: roasted,
    quantity: 500,
    from: plant,
    partner: shopPartner,
    shippedDaysAgo: 34,
    documentType: 'invoice',
    documentNumber: 'C25TCM-00000142',
    carrier: coopTruck,
  });
  const shopLot = await receive(c, shop, toShop, {
    product: retail,
    lotCode: 'BMX-2526-002',
    code: 3,
    quantity: 500,
    madeDaysAgo: 34,
    location: store,
    receivedDaysAgo: 34,
    publishedDaysAgo: 33,
    expiryDays: 330,
    note: 'Đủ số lượng, bao bì nguyên vẹn.',
  });
  await addEvent(c, shopLot.id, {
    step: 'packing',
    at: at(dayAgo(c, 33), '09:00'),
    location: store,
    description: 'Chia gói 250 g mang nhãn cửa hàng, giữ nguyên mã lô và mã QR truy xuất của HTX.',
    by: shop,
  });
  await ship(c, coop, {
    lot: roasted,
    quantity: 1_200,
    from: plant,
    partner: outside,
    shippedDaysAgo: 32,
    documentType: 'invoice',
    documentNumber: 'C25TCM-00000151',
    carrier: 'Công ty CP Vận tải Tây Nguyên',
    destination: 'Kho Công ty Sài Gòn Xanh, phường Sài Gòn, TP. Hồ Chí Minh',
  });
  // The buyer's warehouse system pushed its receiving event through EPCIS (ADR 040).
  await capturedReceipt(c, coop, roasted, {
    party: 'Sài Gòn Xanh — hệ thống kho (EPCIS)',
    at: daysAgo(c, 31),
    quantity: 1_200,
    sgln: 'urn:epc:id:sgln:8934588.00042.0',
  });
  const cancelled = await ship(c, coop, {
    lot: roasted,
    quantity: 800,
    from: plant,
    partner: outside,
    shippedDaysAgo: 30,
    documentType: 'delivery_note',
    documentNumber: 'PXK-2526-0166',
    carrier: 'Công ty CP Vận tải Tây Nguyên',
    destination: 'Kho Công ty Sài Gòn Xanh, phường Sài Gòn, TP. Hồ Chí Minh',
  });
  await undo(
    c,
    cancelled,
    'cancelled',
    'Khách hàng đề nghị dời lịch nhận sang tháng sau; hủy phiếu xuất, sẽ lập phiếu mới khi giao.',
    30,
  );

  // — Still in the inboxes: a late pick of farm 3 at the cooperative, a reorder at the shop. The
  // late pick comes from a plot farm 3 took on this season and has not surveyed yet: its EUDR
  // statement is not ready (ADR 042), where the roasted lot's is.
  const newPlot = await addLocation(c, f3, {
    kind: 'farm_plot',
    name: 'Vườn cà phê Phúc – thửa 208, tờ bản đồ số 31 (nhận khoán vụ này, chưa đo đạc)',
    commune: 'xã Cuôr Đăng',
    address: 'Thôn 7',
    geometry: null,
    crop: CROP,
  });
  const late = await harvest(2, f3, 'QT-2526-02', 15, 800, 2, newPlot);
  await ship(c, f3, {
    lot: late,
    quantity: 800,
    from: newPlot,
    partner: coopOf.get(f3.producerId)!,
    shippedDaysAgo: 1,
    documentType: 'delivery_note',
    documentNumber: 'PC-LP-0040',
    carrier: truck('47C-455.12'),
  });
  await ship(c, coop, {
    lot: roasted,
    quantity: 300,
    from: plant,
    partner: shopPartner,
    shippedDaysAgo: 1,
    documentType: 'invoice',
    documentNumber: 'C25TCM-00000203',
    carrier: coopTruck,
  });

  // — The recall: the platform's administrator recalled the early farm lot and every published lot made from it.
  const admin = await c.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.platform, c.platform), eq(users.email, demoEmail('admin', c.platform))));
  for (const lot of [early, roast0, shop0]) await recall(c, lot, admin[0]?.id ?? null, 10);

  // — API keys (ADR 039): the cooperative's key for the roaster's receiving system, in use, and
  // an old one it revoked. Their secrets are drawn and thrown away: nobody holds a demo key.
  await addApiKey(c, coop, 'Hệ thống nhận hàng Công ty Sài Gòn Xanh', ['read', 'capture'], 60, 0, null);
  await addApiKey(c, coop, 'Thử nghiệm kết nối ERP (cũ)', ['read'], 200, 150, 120);

  // — The farm diary (ADR 044): farm 1's plot inside a pre-harvest interval, farm 3's harvest lot made from its diary.
  await seedDiary(
    c.tx,
    c.platform,
    c.now,
    { owner: f1, plot: plots[0] },
    { owner: f3, plot: plots[2], productId: farmProducts[2].id },
  );
}

async function addApiKey(
  c: Ctx,
  owner: Actor,
  name: string,
  scopes: ('read' | 'capture')[],
  createdDaysAgo: number,
  usedDaysAgo: number,
  revokedDaysAgo: number | null,
): Promise<void> {
  const made = generateApiKey();
  const [row] = await c.tx
    .insert(apiKeys)
    .values({
      platform: c.platform,
      producerId: owner.producerId,
      name,
      prefix: made.prefix,
      secretHash: made.hash,
      scopes,
      createdBy: owner.userId,
      createdAt: daysAgo(c, createdDaysAgo),
      lastUsedAt: daysAgo(c, usedDaysAgo),
      revokedAt: revokedDaysAgo == null ? null : daysAgo(c, revokedDaysAgo),
      revokedBy: revokedDaysAgo == null ? null : owner.userId,
    })
    .returning();
  await c.tx.insert(activity).values({
    subjectType: 'api_key',
    subjectId: row.id,
    platform: c.platform,
    actorId: owner.userId,
    action: 'create',
    diff: { name, prefix: row.prefix, scopes, expires_on: null },
    createdAt: daysAgo(c, createdDaysAgo),
  });
}

/**
 * The supply chain demo on every platform that shows batches. Idempotent: a platform whose
 * cooperative has the roasted lot already is left alone; each platform is one transaction.
 */
export async function seedSupplyChain(db: Db, now = new Date()): Promise<void> {
  for (const platform of supplyChainPlatforms()) {
    const [coop] = await db
      .select({ producerId: users.producerId })
      .from(users)
      .where(and(eq(users.platform, platform), eq(users.email, demoEmail(CHAIN_ACCOUNTS.coop, platform))));
    if (!coop?.producerId) continue;
    const [done] = await db
      .select({ id: traceabilities.id })
      .from(traceabilities)
      .where(
        and(
          eq(traceabilities.producerId, coop.producerId),
          eq(traceabilities.lotCode, SUPPLY_CHAIN_LOTS.roasted.lotCode),
        ),
      );
    if (done) continue;
    await db.transaction(async (tx) => {
      await seedPlatform({ tx, platform, now, positions: new Map() });
    });
  }
}
