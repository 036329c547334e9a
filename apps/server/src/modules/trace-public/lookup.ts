import { sql, type SQL } from 'drizzle-orm';
import { DUPLICATE_SOURCES_THRESHOLD, type PublicTrace } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import type { Certificate, ProductionBase, StoredFile } from '../../db/schema/index.js';
import { iso, presentEvent, variantLabelOf } from '../traceabilities/presenter.js';
import { vnToday, type TraceEntry } from './cache.js';
import { publicCertificates, publicImages, publicProducer } from './public-shapes.js';

export type LookupRow = {
  id: number;
  platform: string;
  public_code: string;
  lot_code: string;
  production_date: string;
  expiry_date: string | null;
  quantity: number;
  unit: string;
  production_base: ProductionBase | null;
  certificates: Certificate[];
  published_at: Date | string | null;
  held_at: Date | string | null;
  hold_reason: string | null;
  recalled_at: Date | string | null;
  recall_reason: string | null;
  scan_count: number;
  product_id: number;
  p_name: string;
  p_name_en: string | null;
  p_description: string | null;
  p_description_en: string | null;
  p_gtin: string | null;
  p_images: StoredFile[];
  p_origin_province_code: string | null;
  p_origin_country: string | null;
  variant_types: { title: string; value: string }[] | null;
  pr_name: string;
  pr_province_code: string | null;
  pr_type: PublicTrace['producer']['type'];
  pr_logo_url: string | null;
  events: {
    id: number;
    step: string;
    occurred_at: string;
    place: string | null;
    description: string | null;
    photos: StoredFile[];
    documents: StoredFile[];
    position: number;
  }[];
  rating_avg: number | null;
  rating_count: number;
  source_count: number;
};

/** Everything the public page shows for the published batches matching `where`, in one round trip. */
export async function fetchRows(db: Db, where: SQL, tail: SQL = sql``): Promise<LookupRow[]> {
  const res = await db.execute<LookupRow>(sql`
    select t.id, t.platform, t.public_code, t.lot_code, t.production_date::text as production_date,
      t.expiry_date::text as expiry_date, t.quantity, t.unit, t.production_base, t.certificates,
      t.published_at, t.held_at, t.hold_reason, t.recalled_at, t.recall_reason, t.scan_count, t.product_id,
      p.name as p_name, p.name_en as p_name_en, p.description as p_description, p.description_en as p_description_en,
      p.gtin as p_gtin, p.images as p_images, p.origin_province_code as p_origin_province_code,
      p.origin_country as p_origin_country, v.types as variant_types,
      pr.name as pr_name, pr.province_code as pr_province_code, pr.producer_type as pr_type, pr.logo_url as pr_logo_url,
      coalesce((select json_agg(json_build_object('id', e.id, 'step', e.step, 'occurred_at', e.occurred_at,
          'place', e.place, 'description', e.description, 'photos', e.photos, 'documents', e.documents,
          'position', e.position) order by e.position, e.occurred_at, e.id)
        from trace_events e where e.traceability_id = t.id), '[]'::json) as events,
      (select avg(vo.rating)::float8 from votes vo where vo.traceability_id = t.id) as rating_avg,
      (select count(*)::int from votes vo where vo.traceability_id = t.id) as rating_count,
      (select count(*)::int from scan_sources s where s.traceability_id = t.id) as source_count
    from traceabilities t
    join products p on p.id = t.product_id
    join producers pr on pr.id = t.producer_id
    left join product_variants v on v.id = t.variant_id
    where t.status = 'published' and ${where}
    ${tail}`);
  return res.rows;
}

/** The cacheable part of the public lookup (everything but the scan count and its warning). */
export function presentPublic(row: LookupRow, today: string): Omit<PublicTrace, 'scan_count' | 'duplicate_warning'> {
  return {
    code: row.public_code,
    lot_code: row.lot_code,
    product: {
      name: row.p_name,
      name_en: row.p_name_en,
      description: row.p_description,
      description_en: row.p_description_en,
      gtin: row.p_gtin,
      unit: row.unit,
      images: publicImages(row.p_images),
      origin_province_code: row.p_origin_province_code,
      origin_country: row.p_origin_country,
    },
    variant: row.variant_types ? { label: variantLabelOf(row.variant_types) } : null,
    producer: publicProducer({
      name: row.pr_name,
      provinceCode: row.pr_province_code,
      type: row.pr_type,
      logoUrl: row.pr_logo_url,
    }),
    production_date: row.production_date,
    expiry_date: row.expiry_date,
    expired: !!row.expiry_date && row.expiry_date < today,
    quantity: Number(row.quantity),
    unit: row.unit,
    production_base: row.production_base
      ? {
          name: row.production_base.name,
          address: row.production_base.address ?? null,
          province_code: row.production_base.province_code ?? null,
        }
      : null,
    certificates: publicCertificates(row.certificates, today),
    events: row.events.map((e) => presentEvent({ ...e, occurredAt: e.occurred_at })),
    published_at: iso(row.published_at),
    recall: row.recalled_at ? { at: iso(row.recalled_at)!, reason: row.recall_reason ?? '' } : null,
    hold: row.held_at && !row.recalled_at ? { at: iso(row.held_at)!, reason: row.hold_reason ?? '' } : null,
    rating: {
      average: row.rating_avg == null ? null : Math.round(Number(row.rating_avg) * 10) / 10,
      count: Number(row.rating_count),
    },
  };
}

/** A cache entry: the JSON envelope up to the volatile fields. */
export function entryOf(row: LookupRow, today = vnToday()): TraceEntry {
  const json = JSON.stringify({ data: { traceability: presentPublic(row, today) } });
  return {
    id: Number(row.id),
    code: row.public_code,
    platform: row.platform,
    productId: Number(row.product_id),
    quantity: Number(row.quantity),
    head: json.slice(0, -3),
    scanBase: Number(row.scan_count),
    sourceCount: Number(row.source_count),
    day: today,
    loadedAt: Date.now(),
  };
}

/** Loads the entry of one public code (null unless it is a published batch). */
export async function loadEntry(db: Db, code: string): Promise<TraceEntry | null> {
  const [row] = await fetchRows(db, sql`t.public_code = ${code}`, sql`limit 1`);
  return row ? entryOf(row) : null;
}

const WARN_UNITS = ',"duplicate_warning":{"reason":"more_scans_than_units"}}}}';
const WARN_PLACES = ',"duplicate_warning":{"reason":"many_places"}}}}';
const WARN_NONE = ',"duplicate_warning":null}}}';

/** The response body: the cached head plus the live scan count and duplicate warning. */
export function render(entry: TraceEntry, pending: { count: number; sources: number }): string {
  const scans = entry.scanBase + pending.count;
  const tail =
    scans > entry.quantity
      ? WARN_UNITS
      : entry.sourceCount + pending.sources > DUPLICATE_SOURCES_THRESHOLD
        ? WARN_PLACES
        : WARN_NONE;
  return `${entry.head},"scan_count":${scans}${tail}`;
}
