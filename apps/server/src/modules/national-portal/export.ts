import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  NATIONAL_PORTAL_SCHEMA_VERSION,
  TRACE_STEP_LABELS,
  provinceName,
  standardsApplied,
  type NationalPortalExportQuery,
  type TraceStep,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import type { Certificate, ProductionBase, StoredFile } from '../../db/schema/index.js';
import { EXPORT_PAGE_SIZE } from '../../lib/xlsx-export.js';
import type { ProducerScope } from '../../lib/scope.js';
import { traceUrlOf } from '../traceabilities/presenter.js';

/**
 * The producer's records for the national traceability portal (Circular 02/2024/TT-BKHCN, ADR 043):
 * one JSON document, `docs/schemas/national-portal-export.schema.json`, mapped field by field in
 * `docs/national-portal-mapping.md`. Written as it is read: the products, then the published
 * batches with their stages, each a keyset page of the database (`id > last`, never OFFSET) read
 * only when the client has taken the previous one, so memory stays flat whatever the count.
 */

type ProductRow = {
  id: number;
  public_code: string;
  name: string;
  name_en: string | null;
  description: string | null;
  gtin: string | null;
  sku: string | null;
  brand: string | null;
  trademark: string | null;
  standards: string[] | null;
  shelf_life_days: number | null;
  unit: string;
  images: StoredFile[];
  certificates: Certificate[];
  origin_province_code: string | null;
  origin_country: string | null;
  category: string | null;
  status: string;
};

type BatchRow = {
  id: number;
  public_code: string;
  lot_code: string;
  status: string;
  gtin14: string | null;
  product_id: number;
  production_date: string;
  expiry_date: string | null;
  quantity: number | string;
  unit: string;
  production_base: ProductionBase | null;
  certificates: Certificate[];
  published_at: Date | string | null;
  held_at: Date | string | null;
  recalled_at: Date | string | null;
  recall_reason: string | null;
  variant_types: { title: string; value: string }[] | null;
};

type EventRow = {
  traceability_id: number;
  id: number;
  step: string;
  occurred_at: Date | string;
  place: string | null;
  description: string | null;
  shipment_id: number | null;
  transformation_id: number | null;
  l_name: string | null;
  l_kind: string | null;
  l_gln: string | null;
  l_address: string | null;
  l_province_code: string | null;
  l_certifications: { scheme: string; number: string | null; valid_until: string | null }[] | null;
};

const isoOf = (v: Date | string | null) => (v == null ? null : (v instanceof Date ? v : new Date(v)).toISOString());
const files = (f: StoredFile[] | null | undefined, base: string) =>
  (f ?? []).map((x) => (x.url.startsWith('/') ? `${base}${x.url}` : x.url));
const certificatesOf = (certs: Certificate[] | null | undefined, base: string) =>
  (certs ?? []).map((c) => ({
    name: c.name,
    issuer: c.issuer || null,
    number: c.number || null,
    validUntil: c.valid_until,
    fileUrl: c.file ? files([c.file], base)[0] : null,
  }));
const stepName = (step: string) => TRACE_STEP_LABELS[step as TraceStep]?.vi ?? step;

export type ExportOptions = {
  /** The public origin links are built on (absolute URLs). */
  base: string;
  /** Rows of one database page. */
  pageSize?: number;
  /** Now, for generatedAt. */
  now?: Date;
};

/** The document, chunk by chunk (see the module comment). */
export async function* nationalPortalChunks(
  db: Db,
  scope: ProducerScope,
  filter: NationalPortalExportQuery,
  opts: ExportOptions,
): AsyncGenerator<string> {
  const size = opts.pageSize ?? EXPORT_PAGE_SIZE;
  const { base } = opts;
  const [producer] = (
    await db.execute<{
      name: string;
      tax_code: string | null;
      address: string | null;
      province_code: string | null;
      phone: string | null;
      email: string | null;
      website: string | null;
      producer_type: string;
    }>(sql`select name, tax_code, address, province_code, phone, email, website, producer_type
      from producers where id = ${scope.producerId} and platform = ${scope.platform}`)
  ).rows;
  const head = {
    schemaVersion: NATIONAL_PORTAL_SCHEMA_VERSION,
    generatedAt: (opts.now ?? new Date()).toISOString(),
    regulation: 'Thông tư 02/2024/TT-BKHCN',
    filter: {
      from: filter.from ?? null,
      to: filter.to ?? null,
      productId: filter.product_id != null ? Number(filter.product_id) : null,
    },
    producer: {
      name: producer?.name ?? '',
      type: producer?.producer_type ?? null,
      taxCode: producer?.tax_code ?? null,
      address: producer?.address ?? null,
      provinceCode: producer?.province_code ?? null,
      province: provinceName(producer?.province_code ?? null),
      phone: producer?.phone ?? null,
      email: producer?.email ?? null,
      website: producer?.website ?? null,
    },
  };
  yield `${JSON.stringify(head).slice(0, -1)},"products":[`;

  const productFilter: SQL = filter.product_id != null ? sql` and p.id = ${Number(filter.product_id)}` : sql``;
  let last = 0;
  let first = true;
  for (;;) {
    const rows = (
      await db.execute<ProductRow>(sql`
        select p.id, p.public_code, p.name, p.name_en, p.description, p.gtin, p.sku, p.brand, p.trademark, p.standards,
          p.shelf_life_days, p.unit, p.images, p.certificates, p.origin_province_code, p.origin_country,
          c.name as category, p.status
        from products p left join categories c on c.id = p.category_id
        where p.platform = ${scope.platform} and p.producer_id = ${scope.producerId} and p.id > ${last}${productFilter}
        order by p.id limit ${size}`)
    ).rows;
    if (rows.length > 0) {
      yield (first ? '' : ',') + rows.map((p) => JSON.stringify(presentProduct(p, base))).join(',');
      first = false;
      last = Number(rows[rows.length - 1].id);
    }
    if (rows.length < size) break;
  }
  yield '],"batches":[';

  const batchFilter = sql.join(
    [
      sql`t.platform = ${scope.platform} and t.producer_id = ${scope.producerId} and t.status = 'published'`,
      filter.product_id != null ? sql`t.product_id = ${Number(filter.product_id)}` : undefined,
      filter.from ? sql`t.production_date >= ${filter.from}::date` : undefined,
      filter.to ? sql`t.production_date <= ${filter.to}::date` : undefined,
    ].filter((x): x is SQL => !!x),
    sql` and `,
  );
  last = 0;
  first = true;
  for (;;) {
    const rows = (
      await db.execute<BatchRow>(sql`
        select t.id, t.public_code, t.lot_code, t.status, t.gtin14, t.product_id, t.production_date::text as production_date,
          t.expiry_date::text as expiry_date, t.quantity, t.unit, t.production_base, t.certificates, t.published_at,
          t.held_at, t.recalled_at, t.recall_reason, v.types as variant_types
        from traceabilities t left join product_variants v on v.id = t.variant_id
        where ${batchFilter} and t.id > ${last}
        order by t.id limit ${size}`)
    ).rows;
    if (rows.length > 0) {
      const ids = `{${rows.map((r) => Number(r.id)).join(',')}}`;
      const productIds = `{${[...new Set(rows.map((r) => Number(r.product_id)))].join(',')}}`;
      const [events, products] = await Promise.all([
        db.execute<EventRow>(sql`
          select e.traceability_id, e.id, e.step, e.occurred_at, e.place, e.description, e.shipment_id, e.transformation_id,
            l.name as l_name, l.kind as l_kind, l.gln as l_gln, l.address as l_address, l.province_code as l_province_code,
            l.certifications as l_certifications
          from trace_events e left join locations l on l.id = e.location_id
          where e.traceability_id = any(${ids}::int[])
          order by e.traceability_id, e.position, e.occurred_at, e.id`),
        db.execute<
          Pick<ProductRow, 'id' | 'gtin' | 'sku' | 'name' | 'standards' | 'certificates' | 'shelf_life_days'>
        >(sql`
          select id, gtin, sku, name, standards, certificates, shelf_life_days from products where id = any(${productIds}::int[])`),
      ]);
      const byBatch = new Map<number, EventRow[]>();
      for (const e of events.rows) {
        const list = byBatch.get(Number(e.traceability_id));
        if (list) list.push(e);
        else byBatch.set(Number(e.traceability_id), [e]);
      }
      const productOf = new Map(products.rows.map((p) => [Number(p.id), p]));
      yield (
        (first ? '' : ',') +
        rows
          .map((b) =>
            JSON.stringify(presentBatch(b, productOf.get(Number(b.product_id)), byBatch.get(Number(b.id)) ?? [], base)),
          )
          .join(',')
      );
      first = false;
      last = Number(rows[rows.length - 1].id);
    }
    if (rows.length < size) break;
  }
  yield ']}';
}

function presentProduct(p: ProductRow, base: string) {
  return {
    id: Number(p.id),
    productCode: p.public_code,
    name: p.name,
    nameEn: p.name_en,
    description: p.description,
    category: p.category,
    gtin: p.gtin,
    sku: p.sku,
    brand: p.brand,
    trademark: p.trademark,
    standards: p.standards ?? [],
    shelfLifeDays: p.shelf_life_days == null ? null : Number(p.shelf_life_days),
    unit: p.unit,
    images: files(p.images, base),
    certificates: certificatesOf(p.certificates, base),
    originProvinceCode: p.origin_province_code,
    originProvince: provinceName(p.origin_province_code),
    originCountry: p.origin_country,
    approved: p.status === 'approved',
  };
}

function presentBatch(
  b: BatchRow,
  p: Pick<ProductRow, 'gtin' | 'sku' | 'name' | 'standards' | 'certificates' | 'shelf_life_days'> | undefined,
  events: EventRow[],
  base: string,
) {
  const locationSchemes = events.flatMap((e) =>
    (e.l_certifications ?? []).filter((c) => !c.valid_until || c.valid_until >= b.production_date).map((c) => c.scheme),
  );
  return {
    id: Number(b.id),
    productId: Number(b.product_id),
    traceCode: b.public_code,
    traceUrl: traceUrlOf(
      base,
      { publicCode: b.public_code, lotCode: b.lot_code, status: b.status, gtin14: b.gtin14 },
      p?.gtin ?? null,
    ),
    lotCode: b.lot_code,
    gtin: b.gtin14 ?? p?.gtin ?? null,
    sku: p?.sku ?? null,
    variant: b.variant_types?.length ? b.variant_types.map((t) => `${t.title}: ${t.value}`).join(', ') : null,
    productionDate: b.production_date,
    expiryDate: b.expiry_date,
    shelfLifeDays: p?.shelf_life_days == null ? null : Number(p.shelf_life_days),
    quantity: Number(b.quantity),
    unit: b.unit,
    productionBase: b.production_base
      ? {
          name: b.production_base.name,
          address: b.production_base.address ?? null,
          provinceCode: b.production_base.province_code ?? null,
          province: provinceName(b.production_base.province_code ?? null),
        }
      : null,
    certificates: certificatesOf(b.certificates, base),
    standards: standardsApplied({
      declared: p?.standards ?? [],
      // Valid when the batch was made (the page, read today, counts those valid today: ADR 043).
      certificateNames: [...(p?.certificates ?? []), ...(b.certificates ?? [])]
        .filter((c) => !c.valid_until || c.valid_until >= b.production_date)
        .map((c) => c.name),
      locationSchemes,
    }),
    publishedAt: isoOf(b.published_at),
    status: b.recalled_at ? 'recalled' : b.held_at ? 'on_hold' : 'published',
    recall: b.recalled_at ? { at: isoOf(b.recalled_at)!, reason: b.recall_reason ?? '' } : null,
    stages: events.map((e) => ({
      step: e.step,
      stepName: stepName(e.step),
      occurredAt: isoOf(e.occurred_at)!,
      place: e.place,
      description: e.description,
      kind: e.shipment_id != null ? 'shipment' : e.transformation_id != null ? 'transformation' : 'own',
      location: e.l_name
        ? {
            name: e.l_name,
            kind: e.l_kind,
            gln: e.l_gln,
            address: e.l_address,
            provinceCode: e.l_province_code,
            province: provinceName(e.l_province_code),
          }
        : null,
    })),
  };
}

/** The document as a byte stream: the next chunk is read only when the client has taken the last. */
export function streamNationalPortal(
  db: Db,
  scope: ProducerScope,
  filter: NationalPortalExportQuery,
  opts: ExportOptions,
): Readable {
  return Readable.from(nationalPortalChunks(db, scope, filter, opts), { objectMode: false });
}
