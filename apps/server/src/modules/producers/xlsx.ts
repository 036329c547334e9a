import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { and, count, desc, inArray, lt, type SQL } from 'drizzle-orm';
import { provinceName, type ApprovalStatus, type BusinessField, type ProducerType } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { producers, products, traceabilities, users } from '../../db/schema/index.js';
import { producerFilterWhere, type ProducerFilters } from './queries.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_PAGE_SIZE = 500;

const STATUS_VI: Record<ApprovalStatus, string> = { pending: 'Chờ duyệt', approved: 'Đã duyệt', closed: 'Đã đóng' };
const TYPE_VI: Record<ProducerType, string> = {
  enterprise: 'Doanh nghiệp',
  cooperative: 'Hợp tác xã',
  production_base: 'Cơ sở sản xuất',
  household: 'Hộ kinh doanh',
};
const FIELD_VI: Record<BusinessField, string> = {
  seafood: 'Thuỷ sản',
  breed: 'Chăn nuôi',
  cultivate: 'Trồng trọt',
  agricultural_production: 'Sản xuất nông nghiệp',
};

type Row = typeof producers.$inferSelect;
interface Counts {
  products: number;
  batches: number;
  users: number;
}

const COLUMNS: { header: string; key: string; width: number; value: (p: Row, c: Counts, n: number) => unknown }[] = [
  { header: 'STT', key: 'n', width: 6, value: (_p, _c, n) => n },
  { header: 'Mã đơn vị', key: 'id', width: 10, value: (p) => p.id },
  { header: 'Tên đơn vị sản xuất', key: 'name', width: 36, value: (p) => p.name },
  {
    header: 'Loại hình',
    key: 'type',
    width: 16,
    value: (p) => TYPE_VI[p.producerType as ProducerType] ?? p.producerType,
  },
  {
    header: 'Lĩnh vực kinh doanh',
    key: 'fields',
    width: 28,
    value: (p) => p.businessFields.map((f) => FIELD_VI[f as BusinessField] ?? f).join(', '),
  },
  { header: 'Mã số thuế', key: 'tax', width: 16, value: (p) => p.taxCode ?? '' },
  { header: 'Người đại diện', key: 'representative', width: 24, value: (p) => p.representative ?? '' },
  { header: 'Số điện thoại', key: 'phone', width: 14, value: (p) => p.phone ?? '' },
  { header: 'Email', key: 'email', width: 28, value: (p) => p.email ?? '' },
  { header: 'Website', key: 'website', width: 24, value: (p) => p.website ?? '' },
  { header: 'Tỉnh/Thành phố', key: 'province', width: 20, value: (p) => provinceName(p.provinceCode) ?? '' },
  { header: 'Địa chỉ', key: 'address', width: 36, value: (p) => p.address ?? '' },
  { header: 'Trạng thái', key: 'status', width: 12, value: (p) => STATUS_VI[p.status as ApprovalStatus] ?? p.status },
  { header: 'Số tài khoản', key: 'users', width: 12, value: (_p, c) => c.users },
  { header: 'Số sản phẩm', key: 'products', width: 12, value: (_p, c) => c.products },
  { header: 'Số lô hàng', key: 'batches', width: 12, value: (_p, c) => c.batches },
  { header: 'Ngày tạo', key: 'created', width: 20, value: (p) => p.createdAt },
  { header: 'Ngày cập nhật', key: 'updated', width: 20, value: (p) => p.updatedAt },
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
 * Streams the producers of `scope` matching `filters` as an XLSX workbook (newest first). Rows
 * are read in pages of EXPORT_PAGE_SIZE (keyset on id) and committed one by one, so memory stays flat.
 */
export function streamProducersXlsx(db: Db, scope: SQL, filters: ProducerFilters): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Đơn vị sản xuất', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const where = producerFilterWhere(scope, filters);
  void (async () => {
    let n = 0;
    let before: number | null = null;
    for (;;) {
      const rows: Row[] = await db
        .select()
        .from(producers)
        .where(before === null ? where : and(where, lt(producers.id, before)))
        .orderBy(desc(producers.id))
        .limit(EXPORT_PAGE_SIZE);
      if (!rows.length) break;
      const counts = await countsOf(
        db,
        rows.map((r) => r.id),
      );
      for (const p of rows) {
        n++;
        sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, c.value(p, counts.get(p.id)!, n)]))).commit();
      }
      if (rows.length < EXPORT_PAGE_SIZE) break;
      before = rows[rows.length - 1].id;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
