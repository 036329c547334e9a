import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { provinceName, type BatchListItem, type BatchState } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { presentBatchItem } from './presenter.js';
import { pageBatchIds, type BatchFilters } from './queries.js';
import { loadJoins, type Actor } from './service.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_PAGE_SIZE = 500;

const STATE_VI: Record<BatchState, string> = {
  draft: 'Nháp',
  published: 'Đã công bố',
  on_hold: 'Tạm dừng',
  recalled: 'Đã thu hồi',
};

const COLUMNS: { header: string; key: string; width: number; value: (b: BatchListItem, n: number) => unknown }[] = [
  { header: 'STT', key: 'n', width: 6, value: (_b, n) => n },
  { header: 'Mã lô', key: 'lot', width: 18, value: (b) => b.lot_code },
  { header: 'Mã truy xuất', key: 'code', width: 20, value: (b) => b.public_code },
  { header: 'Sản phẩm', key: 'product', width: 32, value: (b) => b.product.name },
  { header: 'Phân loại', key: 'variant', width: 16, value: (b) => b.variant?.label ?? '' },
  { header: 'GTIN', key: 'gtin', width: 16, value: (b) => b.product.gtin ?? '' },
  { header: 'Ngày sản xuất', key: 'production', width: 14, value: (b) => b.production_date },
  { header: 'Hạn sử dụng', key: 'expiry', width: 14, value: (b) => b.expiry_date ?? '' },
  { header: 'Số lượng', key: 'quantity', width: 10, value: (b) => b.quantity },
  { header: 'Đơn vị tính', key: 'unit', width: 10, value: (b) => b.unit },
  { header: 'Cơ sở sản xuất', key: 'base', width: 28, value: (b) => b.production_base?.name ?? '' },
  { header: 'Địa chỉ', key: 'address', width: 32, value: (b) => b.production_base?.address ?? '' },
  {
    header: 'Tỉnh/Thành phố',
    key: 'province',
    width: 20,
    value: (b) => provinceName(b.production_base?.province_code) ?? '',
  },
  { header: 'Trạng thái', key: 'state', width: 14, value: (b) => STATE_VI[b.state] },
  { header: 'Số công đoạn', key: 'events', width: 12, value: (b) => b.event_count },
  { header: 'Lượt quét', key: 'scans', width: 10, value: (b) => b.scan_count },
  {
    header: 'Ngày công bố',
    key: 'published',
    width: 20,
    value: (b) => (b.published_at ? new Date(b.published_at) : ''),
  },
  { header: 'Lý do tạm dừng', key: 'hold', width: 28, value: (b) => b.hold_reason ?? '' },
  { header: 'Ngày thu hồi', key: 'recalled', width: 20, value: (b) => (b.recalled_at ? new Date(b.recalled_at) : '') },
  { header: 'Lý do thu hồi', key: 'recall', width: 28, value: (b) => b.recall_reason ?? '' },
  { header: 'Ngày tạo', key: 'created', width: 20, value: (b) => new Date(b.created_at) },
  { header: 'Liên kết truy xuất', key: 'url', width: 48, value: (b) => b.trace_url },
];

/**
 * Streams the batches matching `filters` as an XLSX workbook: rows are read in pages of
 * EXPORT_PAGE_SIZE and committed to the stream one by one, so memory stays flat whatever the count.
 */
export function streamBatchesXlsx(db: Db, actor: Actor, filters: BatchFilters, base: string): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Lô hàng', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    let n = 0;
    for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
      const { ids } = await pageBatchIds(db, actor, filters, EXPORT_PAGE_SIZE, offset, false);
      if (!ids.length) break;
      for (const join of await loadJoins(db, ids)) {
        const item = presentBatchItem(base, join);
        n++;
        const row = sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, c.value(item, n)])));
        row.commit();
      }
      if (ids.length < EXPORT_PAGE_SIZE) break;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
