import { sql } from 'drizzle-orm';
import { formatVietnamDate, provinceName, type FsmaCte } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import type { XlsxColumn } from '../../lib/xlsx-export.js';
import { walkChain, type WalkedEdge } from './graph.js';
import { lotsById, startLot, type ChainLot, type ChainScope } from './lots.js';

/**
 * The FSMA 204 electronic sortable spreadsheet (ADR 041): one row per critical tracking event
 * (a transformation: one row per input), built from the records the chain already keeps — the
 * lots' events (`trace_events`), shipments with their documents and receipts, transformations
 * with their inputs, locations. Rows come a page of events at a time (keyset on the event's time
 * and id), so a date range never sits in memory whole. The traceability lot code of a lot is
 * computed from the chain walked backward (graph.ts, the one graph query): assigned at initial
 * packing (a packing event on a lot nothing came into, or the receipt of a lot that had none) or
 * at a transformation, and carried unchanged by shipping and receiving.
 */

const ids = (list: Iterable<number>) => `{${[...new Set(list)].map((n) => Math.trunc(n)).join(',')}}`;
const DAY = 86_400_000;

/** What the sheet covers: lots (one lot's chain) or the producer's records in a date range. */
export type FsmaSelection =
  { platform: string; lotIds: number[] } | { platform: string; producerId: number; from: string; to: string };

/** Key data elements a row can name as missing (messages `fsma.kde.*`). */
export type FsmaKde =
  | 'tlc'
  | 'tlc_source'
  | 'product'
  | 'commodity_variety'
  | 'quantity'
  | 'location'
  | 'phone'
  | 'harvest_location'
  | 'harvest_date'
  | 'harvester'
  | 'cooling'
  | 'ship_from'
  | 'ship_to'
  | 'ship_to_phone'
  | 'reference_document'
  | 'input_tlc';

export interface FsmaRow {
  /** Keyset cursor: the trace event the row comes from. */
  cursor: { at: string; id: number };
  eventId: string;
  cte: FsmaCte;
  date: string;
  tlc: string;
  tlcSource: string;
  tlcSourceReference: string;
  product: string;
  commodityVariety: string;
  quantity: number | null;
  unit: string;
  location: string;
  locationGln: string;
  harvestLocation: string;
  harvestDate: string;
  shipFrom: string;
  shipTo: string;
  /** A shipment document type (`invoice`, `delivery_note`, `other`) or `record` (the portal's own record). */
  documentType: string;
  documentNumber: string;
  input: { tlc: string; product: string; quantity: number; unit: string } | null;
  internalLot: string;
  missing: FsmaKde[];
}

type EventRow = {
  id: number;
  step: string;
  /** The event time as the database writes it (the keyset cursor, exact); `ts` the same as a time. */
  at: string;
  ts: Date | string;
  lot_id: number;
  location_id: number | null;
  shipment_id: number | null;
  transformation_id: number | null;
};

type LocationRow = {
  id: number;
  producer_id: number;
  name: string;
  province_code: string;
  commune: string | null;
  address: string | null;
  gln: string | null;
  crop: string | null;
};
type ProducerRow = {
  id: number;
  name: string;
  phone: string | null;
  address: string | null;
  province_code: string | null;
};
type ShipmentRow = {
  id: number;
  producer_id: number;
  lot_id: number;
  quantity: string;
  unit: string;
  from_location_id: number | null;
  destination: string | null;
  shipped_on: string;
  document_type: string | null;
  document_number: string | null;
  status: string;
  received_quantity: string | null;
  received_on: string | null;
  receiver_location_id: number | null;
  partner_name: string;
  partner_address: string | null;
  partner_gln: string | null;
  linked_producer_id: number | null;
};
type TransformationRow = { id: number; output_lot_id: number; location_id: number | null; transformed_on: string };
type InputRow = { transformation_id: number; lot_id: number; quantity: string; unit: string };
type FactRow = { id: number; lot_id: number; step: string; ts: Date | string; location_id: number | null };

/** A lot's traceability lot code and where it was assigned. */
interface Tlc {
  code: string;
  how: 'initial_packing' | 'transformation';
  locationId: number | null;
  /** The packing event that assigned it (initial packing of a lot nothing came into). */
  eventId: number | null;
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T & Record<string, unknown>>(query)).rows as T[];
}

/** One page of the selection's events that can be a CTE, after `last`, in (time, id) order. */
async function eventPage(db: Db, sel: FsmaSelection, last: FsmaRow['cursor'] | null, limit: number) {
  const filter =
    'lotIds' in sel
      ? sql`e.traceability_id = any(${ids(sel.lotIds)}::int[])`
      : sql`t.producer_id = ${sel.producerId}
          and e.occurred_at >= ${`${sel.from}T00:00:00+07:00`}::timestamptz
          and e.occurred_at < ${new Date(Date.parse(`${sel.to}T00:00:00+07:00`) + DAY).toISOString()}::timestamptz`;
  const after = last ? sql`and (e.occurred_at, e.id) > (${last.at}::timestamptz, ${last.id})` : sql``;
  return rowsOf<EventRow>(
    db,
    sql`select e.id, e.step, e.occurred_at::text as at, e.occurred_at as ts, e.traceability_id as lot_id, e.location_id, e.shipment_id,
          e.transformation_id
        from trace_events e join traceabilities t on t.id = e.traceability_id
        where t.platform = ${sel.platform} and ${filter}
          and (e.step in ('harvesting', 'packing')
            or (e.step in ('shipping', 'receiving') and e.shipment_id is not null)
            or (e.step = 'processing' and e.transformation_id is not null))
          ${after}
        order by e.occurred_at, e.id limit ${limit}`,
  );
}

/** Everything the rows of a page of events need, read in a fixed number of queries. */
async function pageContext(db: Db, platform: string, events: EventRow[]) {
  const shipmentIds = events.filter((e) => e.shipment_id !== null).map((e) => e.shipment_id!);
  const transformationIds = events.filter((e) => e.transformation_id !== null).map((e) => e.transformation_id!);
  // The chain behind the page's lots: their codes' origins, the inputs, the lots shipped to them.
  const walk = await walkChain(db, [...new Set(events.map((e) => Number(e.lot_id)))], 'backward');
  const walked = walk.lots.map((l) => l.id);
  const inbound = new Map<number, WalkedEdge[]>();
  for (const e of walk.edges) if (e.toLotId !== null) inbound.set(e.toLotId, [...(inbound.get(e.toLotId) ?? []), e]);
  const inboundShipments = walk.edges.filter((e) => e.kind === 'shipment').map((e) => e.sourceId);
  const inboundTransformations = walk.edges.filter((e) => e.kind === 'transformation').map((e) => e.sourceId);
  const harvestLots = events.filter((e) => e.step === 'harvesting').map((e) => Number(e.lot_id));

  // One after another: on one connection (a transaction, PGlite) queries queue anyway.
  const lots = await lotsById(db, platform, walked);
  const shipments = await rowsOf<ShipmentRow>(
    db,
    sql`select s.id, s.producer_id, s.lot_id, s.quantity::text as quantity, s.unit, s.from_location_id, s.destination,
            s.shipped_on::text as shipped_on, s.document_type, s.document_number, s.status,
            s.received_quantity::text as received_quantity, s.received_on::text as received_on, s.receiver_location_id,
            coalesce(pr.name, tp.name) as partner_name, coalesce(pr.address, tp.address) as partner_address,
            tp.gln as partner_gln, tp.linked_producer_id
          from shipments s join trading_partners tp on tp.id = s.partner_id
            left join producers pr on pr.id = tp.linked_producer_id
          where (s.id = any(${ids([...shipmentIds, ...inboundShipments])}::int[])
            or (s.lot_id = any(${ids(harvestLots)}::int[]) and s.status in ('sent', 'received')))
          order by s.id`,
  );
  const transformations = await rowsOf<TransformationRow>(
    db,
    sql`select id, output_lot_id, location_id, transformed_on::text as transformed_on from transformations
          where id = any(${ids([...transformationIds, ...inboundTransformations])}::int[])`,
  );
  const inputs = await rowsOf<InputRow>(
    db,
    sql`select transformation_id, lot_id, quantity::text as quantity, unit from transformation_inputs
          where transformation_id = any(${ids(transformationIds)}::int[]) order by lot_id`,
  );
  // Each walked lot's first harvesting and first packing event (where and when).
  const facts = await rowsOf<FactRow>(
    db,
    sql`select distinct on (traceability_id, step) id, traceability_id as lot_id, step, occurred_at as ts,
            location_id
          from trace_events where traceability_id = any(${ids(walked)}::int[]) and step in ('harvesting', 'packing')
          order by traceability_id, step, occurred_at, id`,
  );
  const shipmentById = new Map(shipments.map((s) => [Number(s.id), s]));
  const transformationById = new Map(transformations.map((t) => [Number(t.id), t]));
  const harvestOf = new Map<number, FactRow>();
  const packingOf = new Map<number, FactRow>();
  for (const f of facts) (f.step === 'harvesting' ? harvestOf : packingOf).set(Number(f.lot_id), f);

  const locationIds = [
    ...events.map((e) => e.location_id),
    ...shipments.flatMap((s) => [s.from_location_id, s.receiver_location_id]),
    ...transformations.map((t) => t.location_id),
    ...facts.map((f) => f.location_id),
  ].filter((n): n is number => n !== null);
  const locations = new Map(
    (
      await rowsOf<LocationRow>(
        db,
        sql`select id, producer_id, name, province_code, commune, address, gln, crop from locations
            where id = any(${ids(locationIds.map(Number))}::int[])`,
      )
    ).map((l) => [Number(l.id), l]),
  );
  const producerIds = [
    ...[...lots.values()].map((l) => l.producerId),
    ...shipments.flatMap((s) => [
      Number(s.producer_id),
      ...(s.linked_producer_id ? [Number(s.linked_producer_id)] : []),
    ]),
    ...[...locations.values()].map((l) => Number(l.producer_id)),
  ];
  const producers = new Map(
    (
      await rowsOf<ProducerRow>(
        db,
        sql`select id, name, phone, address, province_code from producers where id = any(${ids(producerIds)}::int[])`,
      )
    ).map((p) => [Number(p.id), p]),
  );

  // The traceability lot code of a walked lot (memoised; edges point from older lots, no cycle).
  const tlcs = new Map<number, Tlc | null>();
  const tlcOf = (lotId: number): Tlc | null => {
    if (tlcs.has(lotId)) return tlcs.get(lotId)!;
    const lot = lots.get(lotId);
    let tlc: Tlc | null = null;
    const into = inbound.get(lotId) ?? [];
    const made = into.find((e) => e.kind === 'transformation');
    const received = into.find((e) => e.kind === 'shipment');
    if (lot && made) {
      tlc = {
        code: lot.lotCode,
        how: 'transformation',
        locationId: transformationById.get(made.sourceId)?.location_id ?? null,
        eventId: null,
      };
    } else if (lot && received) {
      // Shipping and receiving carry the code assigned upstream; a lot received without one (a
      // farm's raw commodity, never packed) is lotted by its receiver: its initial packing.
      tlc = tlcOf(received.fromLotId) ?? {
        code: lot.lotCode,
        how: 'initial_packing',
        locationId: shipmentById.get(received.sourceId)?.receiver_location_id ?? null,
        eventId: null,
      };
    } else if (lot && packingOf.has(lotId)) {
      const p = packingOf.get(lotId)!;
      tlc = { code: lot.lotCode, how: 'initial_packing', locationId: p.location_id, eventId: Number(p.id) };
    }
    tlcs.set(lotId, tlc);
    return tlc;
  };

  return { lots, shipmentById, transformationById, inputs, harvestOf, inbound, locations, producers, shipments, tlcOf };
}

type Context = Awaited<ReturnType<typeof pageContext>>;

/** Rows of one page of events (a transformation gives one row per input; some events give none). */
function rowsOfEvents(ctx: Context, events: EventRow[]): FsmaRow[] {
  const out: FsmaRow[] = [];
  const location = (id: number | null | undefined) => (id == null ? undefined : ctx.locations.get(Number(id)));
  const producer = (id: number | null | undefined) => (id == null ? undefined : ctx.producers.get(Number(id)));
  /** Address parts joined, each left out when an earlier one already says it (an address that names its province). */
  const place = (...parts: (string | null | undefined)[]) =>
    parts
      .filter((p): p is string => !!p && !!p.trim())
      .filter((p, i, all) => !all.slice(0, i).some((q) => q.includes(p)))
      .join(', ');
  /** Location description (21 CFR 1.1310): business name, phone, physical address. */
  const describe = (loc: LocationRow | undefined): string => {
    if (!loc) return '';
    const p = producer(loc.producer_id);
    const address = place(loc.name, loc.address, loc.commune, provinceName(loc.province_code), 'Việt Nam');
    return [p?.name, address, p?.phone ? `ĐT ${p.phone}` : null].filter(Boolean).join(' – ');
  };
  const business = (p: ProducerRow | undefined): string =>
    p
      ? [p.name, place(p.address, provinceName(p.province_code), 'Việt Nam'), p.phone ? `ĐT ${p.phone}` : null]
          .filter(Boolean)
          .join(' – ')
      : '';
  const phoneMissing = (loc: LocationRow | undefined) => !!loc && !producer(loc.producer_id)?.phone;
  const recipient = (s: ShipmentRow) => {
    const linked = producer(s.linked_producer_id);
    if (linked) return business(linked);
    return [s.partner_name, s.destination ?? s.partner_address, s.partner_gln ? `GLN ${s.partner_gln}` : null]
      .filter(Boolean)
      .join(' – ');
  };
  const recipientPhoneMissing = (s: ShipmentRow) => !producer(s.linked_producer_id)?.phone;

  for (const e of events) {
    const lotId = Number(e.lot_id);
    const lot = ctx.lots.get(lotId);
    if (!lot) continue;
    const cursor = { at: e.at, id: Number(e.id) };
    const tlc = ctx.tlcOf(lotId);
    const base = (cte: FsmaCte, eventId: string): FsmaRow => ({
      cursor,
      eventId,
      cte,
      date: formatVietnamDate(e.ts),
      tlc: '',
      tlcSource: '',
      tlcSourceReference: '',
      product: lot.productName,
      commodityVariety: '',
      quantity: lot.quantity,
      unit: lot.unit,
      location: '',
      locationGln: '',
      harvestLocation: '',
      harvestDate: '',
      shipFrom: '',
      shipTo: '',
      documentType: 'record',
      documentNumber: eventId,
      input: null,
      internalLot: lot.lotCode,
      missing: [],
    });
    const withTlc = (row: FsmaRow, t: Tlc | null) => {
      if (!t) return row.missing.push('tlc', 'tlc_source');
      const src = location(t.locationId);
      row.tlc = t.code;
      row.tlcSource = describe(src);
      row.tlcSourceReference = src?.gln ?? '';
      if (!src) row.missing.push('tlc_source');
    };
    const at = (row: FsmaRow, loc: LocationRow | undefined) => {
      row.location = describe(loc);
      row.locationGln = loc?.gln ?? '';
      if (!loc) row.missing.push('location');
      else if (phoneMissing(loc)) row.missing.push('phone');
    };
    const harvestOfLot = (row: FsmaRow, harvestLotId: number, harvester: ProducerRow | undefined) => {
      const h = ctx.harvestOf.get(harvestLotId);
      const farm = location(h?.location_id);
      row.harvestLocation = describe(farm);
      row.harvestDate = h ? formatVietnamDate(h.ts) : '';
      row.commodityVariety = farm?.crop ?? '';
      if (!farm) row.missing.push('harvest_location');
      if (!h) row.missing.push('harvest_date');
      if (!row.commodityVariety) row.missing.push('commodity_variety');
      if (!harvester?.phone) row.missing.push('harvester');
      // The portal keeps no cooling record: whether and where the produce was cooled is not known.
      row.missing.push('cooling');
    };
    const document = (row: FsmaRow, s: ShipmentRow) => {
      row.documentType = s.document_type ?? '';
      row.documentNumber = s.document_number ?? '';
      if (!s.document_type || !s.document_number) row.missing.push('reference_document');
    };

    if (e.step === 'harvesting') {
      const row = base('harvesting', `EVT-${e.id}`);
      if (tlc) row.tlc = tlc.code;
      const farm = location(e.location_id);
      at(row, farm);
      row.harvestLocation = row.location;
      row.harvestDate = row.date;
      row.commodityVariety = farm?.crop ?? '';
      if (!row.commodityVariety) row.missing.push('commodity_variety');
      const to = ctx.shipments.filter((s) => Number(s.lot_id) === lotId && s.status !== 'refused');
      row.shipTo = to.map(recipient).join('; ');
      if (!to.length) row.missing.push('ship_to');
      out.push(row);
    } else if (e.step === 'packing') {
      // Only the packing that assigned the lot its code is a CTE; a repack of a lot that has one keeps it (ADR 041).
      if (!tlc || tlc.eventId !== Number(e.id)) continue;
      const row = base('initial_packing', `EVT-${e.id}`);
      withTlc(row, tlc);
      at(row, location(e.location_id));
      harvestOfLot(row, lotId, producer(lot.producerId));
      out.push(row);
    } else if (e.step === 'receiving') {
      const s = ctx.shipmentById.get(Number(e.shipment_id));
      if (!s) continue;
      const upstream = ctx.tlcOf(Number(s.lot_id));
      const sender = producer(s.producer_id);
      const row = base(upstream ? 'receiving' : 'initial_packing', `RCV-${s.id}`);
      row.date = s.received_on ?? row.date;
      row.quantity = s.received_quantity === null ? null : Number(s.received_quantity);
      row.unit = s.unit;
      if (row.quantity === null) row.missing.push('quantity');
      withTlc(row, upstream ?? tlc);
      at(row, location(s.receiver_location_id ?? e.location_id));
      row.shipFrom = business(sender);
      if (!sender?.phone) row.missing.push('ship_from');
      if (!upstream) harvestOfLot(row, Number(s.lot_id), sender);
      document(row, s);
      out.push(row);
    } else if (e.step === 'shipping') {
      const s = ctx.shipmentById.get(Number(e.shipment_id));
      if (!s) continue;
      // A raw commodity shipped before anyone packed it is no shipping CTE (21 CFR 1.1340(c)):
      // its harvest row names the recipient, and the receiver's initial packing assigns the code.
      if (!tlc && ctx.harvestOf.has(lotId) && !ctx.inbound.has(lotId)) continue;
      const row = base('shipping', `SHP-${s.id}`);
      row.date = s.shipped_on;
      row.quantity = Number(s.quantity);
      row.unit = s.unit;
      withTlc(row, tlc);
      const from = location(s.from_location_id ?? e.location_id);
      at(row, from);
      row.shipFrom = row.location;
      row.shipTo = recipient(s);
      if (recipientPhoneMissing(s)) row.missing.push('ship_to_phone');
      document(row, s);
      out.push(row);
    } else if (e.step === 'processing') {
      const t = ctx.transformationById.get(Number(e.transformation_id));
      if (!t) continue;
      const inputs = ctx.inputs.filter((i) => Number(i.transformation_id) === Number(t.id));
      for (const input of inputs) {
        const row = base('transformation', `TRF-${t.id}`);
        row.date = t.transformed_on;
        row.documentNumber = `TRF-${t.id}`;
        withTlc(row, tlc);
        at(row, location(t.location_id));
        const inLot = ctx.lots.get(Number(input.lot_id));
        const inTlc = ctx.tlcOf(Number(input.lot_id));
        row.input = {
          tlc: inTlc?.code ?? '',
          product: inLot?.productName ?? '',
          quantity: Number(input.quantity),
          unit: input.unit,
        };
        if (!inTlc) row.missing.push('input_tlc');
        out.push(row);
      }
    }
  }
  for (const row of out) row.missing = [...new Set(row.missing)];
  return out;
}

/**
 * The next rows after `last` (null: the first), at least `limit` unless the selection ends: event
 * pages are read until enough rows are made (an event may make none, or several).
 */
export async function fsmaPage(db: Db, sel: FsmaSelection, last: FsmaRow | null, limit: number): Promise<FsmaRow[]> {
  if ('lotIds' in sel && sel.lotIds.length === 0) return [];
  const out: FsmaRow[] = [];
  let cursor = last?.cursor ?? null;
  for (;;) {
    const events = await eventPage(db, sel, cursor, limit);
    if (!events.length) break;
    const ctx = await pageContext(db, sel.platform, events);
    out.push(...rowsOfEvents(ctx, events));
    cursor = { at: events[events.length - 1].at, id: Number(events[events.length - 1].id) };
    if (events.length < limit || out.length >= limit) break;
  }
  // Rows of the last event read keep its cursor, so the next page starts after it.
  return out;
}

/**
 * The lots of one lot's sheet: the lot with its chain both ways (graph.ts), the caller's own lots
 * only (the administrator: all). Another producer's lot answers 404 (startLot).
 */
export async function fsmaLotSelection(
  db: Db,
  scope: ChainScope,
  lotId: number,
): Promise<{ lot: ChainLot; sel: FsmaSelection }> {
  const lot = await startLot(db, scope, lotId);
  const [back, fwd] = [await walkChain(db, [lot.id], 'backward'), await walkChain(db, [lot.id], 'forward')];
  const lotIds = [...new Set([...back.lots, ...fwd.lots].map((l) => l.id))];
  const lots = await lotsById(db, scope.platform, lotIds);
  const own = lotIds.filter((id) => scope.viewer.admin || lots.get(id)?.producerId === scope.viewer.producerId);
  return { lot, sel: { platform: scope.platform, lotIds: own } };
}

/** The sheet's columns, for XLSX (lib/xlsx-export.ts) and CSV (lib/csv-export.ts) alike. */
export function fsmaColumns(t: (key: string) => string): XlsxColumn<FsmaRow>[] {
  const col = (key: string, width: number, value: (r: FsmaRow) => unknown): XlsxColumn<FsmaRow> => ({
    header: `fsma.col.${key}`,
    width,
    value,
  });
  return [
    col('event_id', 12, (r) => r.eventId),
    col('cte', 22, (r) => t(`fsma.cte.${r.cte}`)),
    col('date', 12, (r) => r.date),
    col('tlc', 18, (r) => r.tlc),
    col('tlc_source', 40, (r) => r.tlcSource),
    col('tlc_source_reference', 16, (r) => r.tlcSourceReference),
    col('product', 28, (r) => r.product),
    col('commodity_variety', 24, (r) => r.commodityVariety),
    col('quantity', 10, (r) => r.quantity),
    col('unit', 8, (r) => r.unit),
    col('location', 40, (r) => r.location),
    col('location_gln', 16, (r) => r.locationGln),
    col('harvest_location', 40, (r) => r.harvestLocation),
    col('harvest_date', 12, (r) => r.harvestDate),
    col('cooling_location', 16, () => ''),
    col('cooling_date', 12, () => ''),
    col('ship_from', 40, (r) => r.shipFrom),
    col('ship_to', 40, (r) => r.shipTo),
    col('reference_document_type', 18, (r) => (r.documentType ? t(`fsma.doc.${r.documentType}`) : '')),
    col('reference_document_number', 18, (r) => r.documentNumber),
    col('input_tlc', 18, (r) => r.input?.tlc ?? ''),
    col('input_product', 28, (r) => r.input?.product ?? ''),
    col('input_quantity', 10, (r) => r.input?.quantity ?? ''),
    col('input_unit', 8, (r) => r.input?.unit ?? ''),
    col('internal_lot', 16, (r) => r.internalLot),
    col('missing', 40, (r) => r.missing.map((k) => t(`fsma.kde.${k}`)).join('; ')),
  ];
}
