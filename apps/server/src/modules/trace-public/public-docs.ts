import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { todayInVietnam } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import type { ApprovedProduct } from '../../db/schema/index.js';
import { headText, type TraceEntry } from './cache.js';
import {
  type CodeLoader,
  type LookupRow,
  entryOf,
  loaderOf,
  lookupRows,
  presentPublic,
  queryNamed,
} from './lookup.js';
import { attachOrigins } from './origins.js';

/**
 * Stored public pages (ADR 028, table trace_public_docs). A lookup reads its batch's page with one
 * index lookup (DOC_SQL); a code without a usable page is read the long way (LOOKUP_SQL), its page
 * built and stored for the next lookup, on every node.
 */

/**
 * The public lookup of codes ($1, a text array): the stored pages and their scan figures, through
 * the unique index on public_code. bench/scale.ts runs this very text through pgbench.
 */
export const DOC_SQL = `
    select d.traceability_id as id, d.public_code, d.platform, d.product_id, d.producer_id, d.quantity, d.kind, d.head,
      d.valid_until::text as valid_until, d.format, coalesce(c.scans, 0) as scan_count, coalesce(c.sources, 0) as source_count
    from trace_public_docs d
    left join trace_scans c on c.traceability_id = d.traceability_id
    where d.public_code = any($1::text[])`;

export type DocRow = {
  id: number;
  public_code: string;
  platform: string;
  product_id: number;
  producer_id: number;
  quantity: number;
  kind: 'page' | 'gone' | 'hidden';
  head: string;
  valid_until: string | null;
  format: string;
  scan_count: number;
  source_count: number;
};

/** A page as presentPublic shows every part of it (variant, certificate, events, hold). */
const SAMPLE: LookupRow & { p_snapshot: ApprovedProduct } = {
  id: 1,
  platform: 'dtrack',
  public_code: 'SAMPLE',
  lot_code: 'LOT',
  production_date: '2026-01-01',
  expiry_date: '2027-01-01',
  quantity: 1,
  unit: 'Kg',
  production_base: { name: 'Vùng', address: 'Xã', province_code: '14' },
  certificates: [{ name: 'VietGAP', issuer: 'Q', number: '1', valid_until: '2027-01-01', file: null }],
  published_at: '2026-01-01T00:00:00Z',
  held_at: '2026-01-02T00:00:00Z',
  hold_reason: 'r',
  recalled_at: null,
  recall_reason: null,
  scan_count: 0,
  product_id: 1,
  producer_id: 1,
  p_snapshot: {
    name: 'P',
    name_en: 'P',
    description: 'D',
    description_en: null,
    gtin: '8930000000019',
    unit: 'Kg',
    images: [{ id: 1, url: '/u.jpg', thumbnail_url: '/t.webp' }],
    certificates: [],
    origin_province_code: '14',
    origin_country: 'VN',
    sku: 'CF-1',
    brand: 'B',
    trademark: 'T',
    standards: ['TCVN 4193:2014'],
    shelf_life_days: 365,
    variants: [{ id: 1, types: [{ title: 'Size', value: 'L' }] }],
  },
  pr_status: 'approved',
  pr_rev: 0,
  variant_id: 1,
  variant_types: [{ title: 'Size', value: 'L' }],
  pr_name: 'HTX',
  pr_province_code: '14',
  pr_type: 'cooperative',
  pr_logo_url: null,
  pr_address: 'Thôn 1',
  loc_certs: [{ scheme: 'vietgap', valid_until: null }],
  events: [
    {
      id: 1,
      step: 'harvesting',
      occurred_at: '2026-01-01T00:00:00Z',
      place: 'X',
      description: 'Y',
      photos: [],
      documents: [],
      position: 0,
      origin: 'own',
      captured_by: null,
    },
  ],
  rating_avg: 4,
  rating_count: 1,
  source_count: 0,
  has_chain: true,
  origins: {
    origins: [
      {
        name: 'Nông trại',
        province_code: '66',
        province: 'Đắk Lắk',
        places: [
          {
            name: 'Lô 1',
            kind: 'farm_plot',
            province_code: '66',
            province: 'Đắk Lắk',
            area_ha: 4.2,
            geometry: { type: 'Point', coordinates: [108.05, 12.68] },
          },
        ],
      },
    ],
    steps: [{ step: 'harvesting', by: 'Nông trại', place: 'Lô 1', occurred_at: '2026-01-01T00:00:00.000Z' }],
    truncated: false,
  },
};

/**
 * Which code built a stored page: a hash of the sample page as this code presents it. A release
 * that shows a page differently (a field added, renamed or formatted anew) builds every page again
 * as it is asked for; bump the number for a change the sample does not show.
 */
export const DOC_FORMAT = createHash('sha256')
  .update(`2 ${JSON.stringify(presentPublic(SAMPLE, '2026-06-01'))}`)
  .digest('base64url')
  .slice(0, 12);

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The first day (Vietnam) on which the page of `row` built on `today` reads differently: the day
 * after its expiry or a certificate's end, whichever comes first; null when no date lies ahead.
 */
export function validUntil(
  row: Pick<LookupRow, 'expiry_date' | 'certificates'> & Partial<Pick<LookupRow, 'p_snapshot' | 'loc_certs'>>,
  today: string,
): string | null {
  // The standards applied count the product's and the locations' certificates valid today (ADR 043).
  const ends = [
    row.expiry_date,
    ...(row.certificates ?? []).map((c) => c.valid_until),
    ...(row.p_snapshot?.certificates ?? []).map((c) => c.valid_until),
    ...(row.loc_certs ?? []).map((c) => c.valid_until),
  ].filter((d): d is string => !!d && d >= today);
  return ends.length ? dayAfter(ends.reduce((a, b) => (a < b ? a : b))) : null;
}

/** A stored page can answer on `today` when this code built it and no date of it has passed. */
export const usable = (doc: DocRow, today: string) =>
  doc.format === DOC_FORMAT && (doc.valid_until === null || doc.valid_until > today);

/** The cache entry of a stored page (null: the batch is not public, 404). */
export function entryOfDoc(doc: DocRow, today: string): TraceEntry | null {
  if (doc.kind === 'hidden') return null;
  return {
    id: Number(doc.id),
    code: doc.public_code,
    platform: doc.platform,
    productId: Number(doc.product_id),
    producerId: Number(doc.producer_id),
    ...(doc.kind === 'gone' ? { gone: true } : {}),
    quantity: Number(doc.quantity),
    head: doc.head,
    scanBase: Number(doc.scan_count),
    sourceCount: Number(doc.source_count),
    day: today,
    loadedAt: Date.now(),
  };
}

/**
 * Stores the pages built from `rows`, each only while its producer's page revision is still the
 * one the row was read at. The revision is read under a share lock: a write that bumped it and has
 * not committed yet makes this wait, then see the new value and store nothing (ADR 028).
 */
export async function storeDocs(db: Db, built: { row: LookupRow; entry: TraceEntry | null }[], today: string) {
  const storable = built.filter(({ row }) => row.pr_rev != null);
  if (storable.length === 0) return;
  const values = sql.join(
    storable.map(({ row, entry }) => {
      const kind = !entry ? 'hidden' : entry.gone ? 'gone' : 'page';
      return sql`(${Number(row.id)}::int, ${row.public_code}, ${row.platform}, ${Number(row.product_id)}::int,
        ${Number(row.producer_id)}::int, ${Number(row.quantity)}::numeric, ${kind}, ${entry ? headText(entry) : ''},
        ${validUntil(row, today)}::date, ${DOC_FORMAT}, ${String(row.pr_rev)}::bigint)`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    insert into trace_public_docs (traceability_id, public_code, platform, product_id, producer_id, quantity, kind, head,
      valid_until, format, rev)
    select v.id, v.code, v.platform, v.product_id, v.producer_id, v.quantity, v.kind, v.head, v.valid_until, v.format, v.rev
    from (values ${values}) as v(id, code, platform, product_id, producer_id, quantity, kind, head, valid_until, format, rev)
    join producer_page_revs r on r.producer_id = v.producer_id and r.rev = v.rev
    order by v.id
    for share of r
    on conflict (traceability_id) do update set public_code = excluded.public_code, platform = excluded.platform,
      product_id = excluded.product_id, producer_id = excluded.producer_id, quantity = excluded.quantity,
      kind = excluded.kind, head = excluded.head, valid_until = excluded.valid_until, format = excluded.format,
      rev = excluded.rev`);
}

/**
 * Entries built the long way for codes without a usable page, and their pages stored. Storing is
 * best effort: a page that could not be stored (a race with a write, a lost connection) is simply
 * built again by a later lookup; the answer does not wait on its failure.
 */
async function buildEntries(db: Db, codes: string[]): Promise<Map<string, TraceEntry | null>> {
  const today = todayInVietnam();
  const rows = await attachOrigins(db, await lookupRows(db, codes));
  const built = rows.map((row) => ({ row, entry: entryOf(row, today) }));
  await storeDocs(db, built, today).catch(() => undefined);
  return new Map(built.map(({ row, entry }) => [row.public_code, entry]));
}

async function docsByCode(db: Db, codes: string[]): Promise<Map<string, DocRow>> {
  const rows = (await queryNamed(db, 'trace_public_doc', DOC_SQL, [codes])) as DocRow[];
  return new Map(rows.map((r) => [r.public_code, r]));
}

/**
 * The entries of many codes at once (the warmer's refresh): stored pages where usable, the others
 * built the long way and stored. A code that is no published batch is absent; a hidden one is null.
 */
export async function loadEntries(db: Db, codes: string[]): Promise<Map<string, TraceEntry | null>> {
  const today = todayInVietnam();
  const docs = await docsByCode(db, codes);
  const entries = new Map<string, TraceEntry | null>();
  const unstored: string[] = [];
  for (const code of codes) {
    const doc = docs.get(code);
    if (doc && usable(doc, today)) entries.set(code, entryOfDoc(doc, today));
    else unstored.push(code);
  }
  if (unstored.length) for (const [code, entry] of await buildEntries(db, unstored)) entries.set(code, entry);
  return entries;
}

const docLoaders = new WeakMap<Db, CodeLoader<DocRow>>();
const buildLoaders = new WeakMap<Db, CodeLoader<TraceEntry | null>>();

/**
 * The entry of one public code (null unless it is a published batch shown or taken down): its
 * stored page when usable, else built from the batch's rows (and stored).
 */
export function loadEntry(db: Db, code: string): Promise<TraceEntry | null> {
  // Promise chains, not an async function: every uncached public lookup pays for each step.
  return loaderOf(docLoaders, db, docsByCode)
    .load(code)
    .then((doc) => {
      const today = todayInVietnam();
      if (doc && usable(doc, today)) return entryOfDoc(doc, today);
      return loaderOf(buildLoaders, db, buildEntries)
        .load(code)
        .then((entry) => entry ?? null);
    });
}
