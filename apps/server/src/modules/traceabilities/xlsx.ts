import { provinceName, type BatchListItem, type BatchState, type Locale } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { presentBatchItem } from './presenter.js';
import { streamXlsx, type XlsxColumn } from '../../lib/xlsx-export.js';
import { pageBatchIdsAfter, type BatchFilters } from './queries.js';
import type { OwnerRef } from '../../lib/scope.js';
import { loadJoins } from './service.js';

export { XLSX_CONTENT_TYPE, EXPORT_PAGE_SIZE } from '../../lib/xlsx-export.js';

const STATE_VI: Record<BatchState, string> = {
  draft: 'Nháp',
  published: 'Đã công bố',
  on_hold: 'Tạm dừng',
  recalled: 'Đã thu hồi',
};

const COLUMNS: XlsxColumn<BatchListItem>[] = [
  { header: 'export.batches.n', width: 6, value: (_b, n) => n },
  { header: 'export.batches.lot', width: 18, value: (b) => b.lot_code },
  { header: 'export.batches.code', width: 20, value: (b) => b.public_code },
  { header: 'export.batches.product', width: 32, value: (b) => b.product.name },
  { header: 'export.batches.variant', width: 16, value: (b) => b.variant?.label ?? '' },
  { header: 'export.batches.gtin', width: 16, value: (b) => b.product.gtin ?? '' },
  { header: 'export.batches.production', width: 14, value: (b) => b.production_date },
  { header: 'export.batches.expiry', width: 14, value: (b) => b.expiry_date ?? '' },
  { header: 'export.batches.quantity', width: 10, value: (b) => b.quantity },
  { header: 'export.batches.unit', width: 10, value: (b) => b.unit },
  { header: 'export.batches.base', width: 28, value: (b) => b.production_base?.name ?? '' },
  { header: 'export.batches.address', width: 32, value: (b) => b.production_base?.address ?? '' },
  {
    header: 'export.batches.province',
    width: 20,
    value: (b) => provinceName(b.production_base?.province_code) ?? '',
  },
  { header: 'export.batches.state', width: 14, value: (b) => STATE_VI[b.state] },
  { header: 'export.batches.events', width: 12, value: (b) => b.event_count },
  { header: 'export.batches.scans', width: 10, value: (b) => b.scan_count },
  {
    header: 'export.batches.published',
    width: 20,
    value: (b) => (b.published_at ? new Date(b.published_at) : ''),
  },
  { header: 'export.batches.hold', width: 28, value: (b) => b.hold_reason ?? '' },
  { header: 'export.batches.recalled', width: 20, value: (b) => (b.recalled_at ? new Date(b.recalled_at) : '') },
  { header: 'export.batches.recall', width: 28, value: (b) => b.recall_reason ?? '' },
  { header: 'export.batches.created', width: 20, value: (b) => new Date(b.created_at) },
  { header: 'export.batches.url', width: 48, value: (b) => b.trace_url },
];

/**
 * Streams the batches matching `filters` as an XLSX workbook, in the list's order, read in keyset
 * pages through the shared streaming helper.
 */
export function streamBatchesXlsx(db: Db, actor: OwnerRef, filters: BatchFilters, base: string, locale: Locale = 'vi') {
  return streamXlsx<BatchListItem>({
    locale,
    sheet: 'export.batches.sheet',
    columns: COLUMNS,
    page: async (last, limit) => {
      const ids = await pageBatchIdsAfter(db, actor, filters, limit, last?.id ?? null);
      if (!ids.length) return [];
      return (await loadJoins(db, ids)).map((join) => presentBatchItem(base, join));
    },
  });
}
