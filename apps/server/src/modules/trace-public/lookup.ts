import { sql, type SQL } from 'drizzle-orm';
import {
  DUPLICATE_SOURCES_THRESHOLD,
  standardsApplied,
  publicVisibility,
  roundRating,
  todayInVietnam,
  type PublicOrigins,
  type PublicTrace,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import type { ApprovedProduct, Certificate, ProductionBase, StoredFile } from '../../db/schema/index.js';
import { iso, presentEvent, variantLabelOf } from '../traceabilities/presenter.js';
import type { TraceEntry } from './cache.js';
import { approvedVariantTypes, publicCertificates, publicImages, publicProducer } from './public-shapes.js';

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
  producer_id: number;
  /** The product's approved version (ADR 007): what the public sees, never an unreviewed edit. */
  p_snapshot: ApprovedProduct | null;
  pr_status: string;
  /** The producer's page revision this row was read at (ADR 028: a page stores only while current). */
  pr_rev: number | string | null;
  variant_id: number | null;
  /** The variant as it is now (the label shown is the approved one: approvedVariantTypes). */
  variant_types: { title: string; value: string }[] | null;
  pr_name: string;
  pr_province_code: string | null;
  pr_type: PublicTrace['producer']['type'];
  pr_logo_url: string | null;
  pr_address: string | null;
  /** Certifications of the locations where the batch's events happened (Circular 02: standards applied). */
  loc_certs?: { scheme: string; valid_until: string | null }[] | null;
  events: {
    id: number;
    step: string;
    occurred_at: string;
    place: string | null;
    description: string | null;
    photos: StoredFile[];
    documents: StoredFile[];
    position: number;
    origin: string;
    captured_by: string | null;
  }[];
  rating_avg: number | null;
  rating_count: number;
  source_count: number;
  /** The lot has an incoming chain edge (received or made from other lots): its origins are read. */
  has_chain?: boolean | null;
  /** Set by attachOrigins (origins.ts) for a lot with `has_chain`. */
  origins?: PublicOrigins | null;
};

/**
 * The columns and joins of a public lookup row. Votes are read once (average and count in one
 * pass over their index), events once; every subquery follows an index on traceability_id.
 */
const LOOKUP_SELECT = `
    select t.id, t.platform, t.public_code, t.lot_code, t.production_date::text as production_date,
      t.expiry_date::text as expiry_date, t.quantity, t.unit, t.production_base, t.certificates,
      t.published_at, t.held_at, t.hold_reason, t.recalled_at, t.recall_reason, coalesce(c.scans, 0) as scan_count, t.product_id,
      t.producer_id, p.approved_snapshot as p_snapshot, pr.status as pr_status, t.variant_id,
      v.types as variant_types,
      pr.name as pr_name, pr.province_code as pr_province_code, pr.producer_type as pr_type, pr.logo_url as pr_logo_url,
      pr.address as pr_address,
      coalesce((select json_agg(distinct jsonb_build_object('scheme', lc->>'scheme', 'valid_until', lc->>'valid_until'))
        from trace_events le join locations l on l.id = le.location_id
        cross join jsonb_array_elements(l.certifications) lc
        where le.traceability_id = t.id and le.location_id is not null), '[]'::json) as loc_certs,
      coalesce((select json_agg(json_build_object('id', e.id, 'step', e.step, 'occurred_at', e.occurred_at,
          'place', e.place, 'description', e.description, 'photos', e.photos, 'documents', e.documents,
          'position', e.position, 'origin', e.origin, 'captured_by', e.captured_by) order by e.position, e.occurred_at, e.id)
        from trace_events e where e.traceability_id = t.id), '[]'::json) as events,
      vo.rating_avg, vo.rating_count, coalesce(c.sources, 0) as source_count,
      (select r.rev from producer_page_revs r where r.producer_id = t.producer_id) as pr_rev,
      exists(select 1 from chain_edges ce where ce.to_lot_id = t.id) as has_chain
    from traceabilities t
    join products p on p.id = t.product_id
    join producers pr on pr.id = t.producer_id
    left join product_variants v on v.id = t.variant_id
    left join trace_scans c on c.traceability_id = t.id
    cross join lateral (select avg(x.rating)::float8 as rating_avg, count(*)::int as rating_count
      from votes x where x.traceability_id = t.id) vo
    where t.status = 'published'`;

/**
 * The uncached public lookup of public codes ($1, a text array): one query through the unique
 * index on public_code, whatever the number of codes. bench/scale.ts runs this very text through
 * pgbench as the database's own reference.
 */
export const LOOKUP_SQL = `${LOOKUP_SELECT} and t.public_code = any($1::text[])`;

/** Everything the public page shows for the published batches matching `where`, in one round trip. */
export async function fetchRows(db: Db, where: SQL, tail: SQL = sql``): Promise<LookupRow[]> {
  const res = await db.execute<LookupRow>(sql`${sql.raw(LOOKUP_SELECT)} and ${where} ${tail}`);
  return res.rows;
}

/** What drizzle runs on: a node-postgres pool (PostgreSQL) or a PGlite instance. */
type Client = {
  query(
    q: { name: string; text: string; values: unknown[] } | string,
    values?: unknown[],
  ): Promise<{ rows: unknown[] }>;
  totalCount?: number;
};

/**
 * Rows by public code. On PostgreSQL a named statement: each pooled connection parses and plans it
 * once and then only binds the codes (measured at 1,000,000 batches: planning 0.3–0.5 ms, running
 * it for two codes whose pages are cached 0.2 ms). PGlite runs in this process: the plain
 * extended-protocol query.
 */
export async function lookupRows(db: Db, codes: string[]): Promise<LookupRow[]> {
  return (await queryNamed(db, 'trace_public_lookup', LOOKUP_SQL, [codes])) as LookupRow[];
}

/** A statement named on PostgreSQL (prepared once per pooled connection); a plain query on PGlite. */
export async function queryNamed(db: Db, name: string, text: string, values: unknown[]): Promise<unknown[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const res =
    typeof client.totalCount === 'number' ? await client.query({ name, text, values }) : await client.query(text, values);
  return res.rows;
}

/** Queries of one loader at once: the codes asked meanwhile wait and go together in the next one. */
const MAX_IN_FLIGHT = 4;
/** Codes of one query at most. */
const MAX_CODES = 128;

type Waiter<T> = { resolve: (value: T | undefined) => void; reject: (err: unknown) => void };

/**
 * Coalesces the lookups of one database: the codes asked in the same turn of the event loop, and
 * those asked while MAX_IN_FLIGHT queries run, are read by one query (`fetch`). Under load the
 * batches grow (fewer round trips, statements and pool hand-overs per answer); alone, a lookup
 * waits for nothing but the end of the current turn.
 */
export class CodeLoader<T> {
  private pending = new Map<string, Waiter<T>[]>();
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly fetch: (codes: string[]) => Promise<Map<string, T>>) {}

  load(code: string): Promise<T | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.pending.get(code);
      if (list) list.push({ resolve, reject });
      else this.pending.set(code, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.pending.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.inFlight < MAX_IN_FLIGHT && this.pending.size > 0) {
      const batch = new Map<string, Waiter<T>[]>();
      for (const [code, waiters] of this.pending) {
        if (batch.size >= MAX_CODES) break;
        batch.set(code, waiters);
        this.pending.delete(code);
      }
      this.inFlight++;
      this.fetch([...batch.keys()])
        .then(
          (found) => {
            for (const [code, waiters] of batch) for (const w of waiters) w.resolve(found.get(code));
          },
          (err: unknown) => {
            for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
          },
        )
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }
}

/** One loader per database and kind of answer. */
export function loaderOf<T>(
  loaders: WeakMap<Db, CodeLoader<T>>,
  db: Db,
  fetch: (db: Db, codes: string[]) => Promise<Map<string, T>>,
): CodeLoader<T> {
  let loader = loaders.get(db);
  if (!loader) loaders.set(db, (loader = new CodeLoader((codes) => fetch(db, codes))));
  return loader;
}

const rowLoaders = new WeakMap<Db, CodeLoader<LookupRow>>();
const rowsByCode = async (db: Db, codes: string[]) =>
  new Map((await lookupRows(db, codes)).map((r) => [r.public_code, r]));

/** The lookup row of one public code (undefined unless it is a published batch). */
export function lookupRow(db: Db, code: string): Promise<LookupRow | undefined> {
  return loaderOf(rowLoaders, db, rowsByCode).load(code);
}

/** The cacheable part of the public lookup (everything but the scan count and its warning). */
export function presentPublic(
  row: LookupRow & { p_snapshot: ApprovedProduct },
  today: string,
): Omit<PublicTrace, 'scan_count' | 'duplicate_warning'> {
  const p = row.p_snapshot;
  const variant = approvedVariantTypes(p, row.variant_id, row.variant_types);
  return {
    code: row.public_code,
    lot_code: row.lot_code,
    product: {
      name: p.name,
      name_en: p.name_en,
      description: p.description,
      description_en: p.description_en,
      gtin: p.gtin,
      unit: row.unit,
      images: publicImages(p.images),
      origin_province_code: p.origin_province_code,
      origin_country: p.origin_country,
      brand: p.brand ?? null,
      trademark: p.trademark ?? null,
      sku: p.sku ?? null,
      shelf_life_days: p.shelf_life_days ?? null,
    },
    variant: variant ? { label: variantLabelOf(variant) } : null,
    producer: publicProducer({
      name: row.pr_name,
      provinceCode: row.pr_province_code,
      type: row.pr_type,
      logoUrl: row.pr_logo_url,
      address: row.pr_address,
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
    standards: standardsApplied({
      declared: p.standards,
      // Only certificates valid today name a standard applied (an expired VietGAP no longer is).
      certificateNames: [...publicCertificates(p.certificates, today), ...publicCertificates(row.certificates, today)]
        .filter((c) => c.valid)
        .map((c) => c.name),
      locationSchemes: (row.loc_certs ?? [])
        .filter((c) => !c.valid_until || c.valid_until >= today)
        .map((c) => c.scheme),
    }),
    events: row.events.map((e) => presentEvent({ ...e, occurredAt: e.occurred_at, capturedBy: e.captured_by })),
    published_at: iso(row.published_at),
    recall: row.recalled_at ? { at: iso(row.recalled_at)!, reason: row.recall_reason ?? '' } : null,
    hold: row.held_at && !row.recalled_at ? { at: iso(row.held_at)!, reason: row.hold_reason ?? '' } : null,
    rating: roundRating(row.rating_avg, Number(row.rating_count)),
    // Only for a lot with a chain upstream: a chain-less page keeps its exact former bytes.
    ...(row.origins ? { origins: row.origins } : {}),
  };
}

/**
 * A cache entry: the JSON envelope up to the volatile fields; a `gone` entry (producer closed:
 * 410) carries no page; null when the batch is not public (producer not approved or product never
 * approved: 404). The rule is the contract's publicVisibility.
 */
export function entryOf(row: LookupRow, today = todayInVietnam()): TraceEntry | null {
  const visibility = publicVisibility(row.pr_status, row.p_snapshot != null);
  if (visibility === 'hidden') return null;
  const base = {
    id: Number(row.id),
    code: row.public_code,
    platform: row.platform,
    productId: Number(row.product_id),
    producerId: Number(row.producer_id),
  };
  if (visibility === 'gone' || !row.p_snapshot) {
    return {
      ...base,
      gone: true,
      quantity: 0,
      head: '',
      scanBase: 0,
      sourceCount: 0,
      day: today,
      loadedAt: Date.now(),
    };
  }
  const json = JSON.stringify({ data: { traceability: presentPublic({ ...row, p_snapshot: row.p_snapshot }, today) } });
  return {
    ...base,
    quantity: Number(row.quantity),
    head: json.slice(0, -3),
    scanBase: Number(row.scan_count),
    sourceCount: Number(row.source_count),
    day: today,
    loadedAt: Date.now(),
  };
}

const WARN_UNITS = ',"duplicate_warning":{"reason":"more_scans_than_units"}}}}';
const WARN_PLACES = ',"duplicate_warning":{"reason":"many_places"}}}}';
const WARN_NONE = ',"duplicate_warning":null}}}';

/** The response body: the cached head plus the live scan count and duplicate warning. */
export function render(entry: TraceEntry, pending: { count: number; sources: number }): Buffer | string {
  const scans = entry.scanBase + pending.count;
  const tail =
    scans > entry.quantity
      ? WARN_UNITS
      : entry.sourceCount + pending.sources > DUPLICATE_SOURCES_THRESHOLD
        ? WARN_PLACES
        : WARN_NONE;
  const rest = `,"scan_count":${scans}${tail}`;
  // Text not kept by the cache: one string, encoded once as the socket writes it.
  if (typeof entry.head === 'string') return entry.head + rest;
  // One buffer for the answer: the cached bytes copied, the (ASCII) rest written after them.
  const body = Buffer.allocUnsafe(entry.head.length + rest.length);
  entry.head.copy(body);
  body.write(rest, entry.head.length, 'latin1');
  return body;
}
