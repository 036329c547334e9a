import { and, count, desc, inArray, lt, type SQL } from 'drizzle-orm';
import {
  provinceName,
  type ApprovalStatus,
  type BusinessField,
  type Locale,
  type ProducerType,
} from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { producers, products, traceabilities, users } from '../../db/schema/index.js';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { producerFilterWhere, type ProducerFilters } from './queries.js';
import { formatPhone } from '@agrihub/contract/phone';

export { XLSX_CONTENT_TYPE, EXPORT_PAGE_SIZE } from '../../lib/xlsx-export.js';

const STATUS_VI: Record<ApprovalStatus, string> = { pending: 'Chờ duyệt', approved: 'Đã duyệt', closed: 'Đã đóng' };
const TYPE_VI: Record<ProducerType, string> = {
  enterprise: 'Doanh nghiệp',
  cooperative: 'Hợp tác xã',
  production_base: 'Cơ sở sản xuất',
  household: 'Hộ kinh doanh',
};
const FIELD_VI: Record<BusinessField, string> = {
  seafood: 'Thủy sản',
  breed: 'Chăn nuôi',
  cultivate: 'Trồng trọt',
  agricultural_production: 'Sản xuất nông nghiệp',
};

type Row = typeof producers.$inferSelect;
/** A producer with the counts of its page. */
interface Item {
  p: Row;
  c: Counts;
}
interface Counts {
  products: number;
  batches: number;
  users: number;
}

const COLUMNS: XlsxColumn<Item>[] = [
  { header: 'export.producers.n', width: 6, value: (_i, n) => n },
  { header: 'export.producers.id', width: 10, value: ({ p }) => p.id },
  { header: 'export.producers.name', width: 36, value: ({ p }) => p.name },
  {
    header: 'export.producers.type',
    width: 16,
    value: ({ p }) => TYPE_VI[p.producerType as ProducerType] ?? p.producerType,
  },
  {
    header: 'export.producers.fields',
    width: 28,
    value: ({ p }) => p.businessFields.map((f) => FIELD_VI[f as BusinessField] ?? f).join(', '),
  },
  { header: 'export.producers.tax', width: 16, value: ({ p }) => p.taxCode ?? '' },
  { header: 'export.producers.representative', width: 24, value: ({ p }) => p.representative ?? '' },
  { header: 'export.producers.phone', width: 14, value: ({ p }) => formatPhone(p.phone) },
  { header: 'export.producers.email', width: 28, value: ({ p }) => p.email ?? '' },
  { header: 'export.producers.website', width: 24, value: ({ p }) => p.website ?? '' },
  { header: 'export.producers.province', width: 20, value: ({ p }) => provinceName(p.provinceCode) ?? '' },
  { header: 'export.producers.address', width: 36, value: ({ p }) => p.address ?? '' },
  { header: 'export.producers.status', width: 12, value: ({ p }) => STATUS_VI[p.status] ?? p.status },
  { header: 'export.producers.users', width: 12, value: ({ c }) => c.users },
  { header: 'export.producers.products', width: 12, value: ({ c }) => c.products },
  { header: 'export.producers.batches', width: 12, value: ({ c }) => c.batches },
  { header: 'export.producers.created', width: 20, value: ({ p }) => p.createdAt },
  { header: 'export.producers.updated', width: 20, value: ({ p }) => p.updatedAt },
];

/** Products, batches and accounts per producer for one page of producer ids. */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, Counts>> {
  const [p, b, u] = await Promise.all([
    db
      .select({ id: products.producerId, n: count() })
      .from(products)
      .where(inArray(products.producerId, ids))
      .groupBy(products.producerId),
    db
      .select({ id: traceabilities.producerId, n: count() })
      .from(traceabilities)
      .where(inArray(traceabilities.producerId, ids))
      .groupBy(traceabilities.producerId),
    db
      .select({ id: users.producerId, n: count() })
      .from(users)
      .where(inArray(users.producerId, ids))
      .groupBy(users.producerId),
  ]);
  const out = new Map<number, Counts>(ids.map((id) => [id, { products: 0, batches: 0, users: 0 }]));
  for (const r of p) out.get(r.id)!.products = r.n;
  for (const r of b) out.get(r.id)!.batches = r.n;
  for (const r of u) if (r.id != null) out.get(r.id)!.users = r.n;
  return out;
}

/**
 * Streams the producers of `scope` matching `filters` as an XLSX workbook (newest first), read in
 * keyset pages (`id < last ORDER BY id DESC`) through the shared streaming helper.
 */
export function streamProducersXlsx(db: Db, scope: SQL, filters: ProducerFilters, locale: Locale = 'vi') {
  const where = producerFilterWhere(scope, filters);
  return streamXlsx<Item>({
    locale,
    sheet: 'export.producers.sheet',
    columns: COLUMNS,
    page: async (last, limit) => {
      const rows: Row[] = await db
        .select()
        .from(producers)
        .where(last ? and(where, lt(producers.id, last.p.id)) : where)
        .orderBy(desc(producers.id))
        .limit(limit);
      if (!rows.length) return [];
      const counts = await countsOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((p) => ({ p, c: counts.get(p.id)! }));
    },
  });
}
