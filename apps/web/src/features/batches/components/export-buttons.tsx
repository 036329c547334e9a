import type { BatchExportRequest } from '@agrihub/contract/schemas/traceabilities';
import { ExportButtons as ListExportButtons } from '../../../components/export-buttons';
import type { BatchFilters } from '../lib/list-filters';

/** XLSX export of batches (POST /api/v1/traceabilities/export). */
export function ExportButtons({ filters, selectedIds }: { filters: BatchFilters; selectedIds: number[] }) {
  const filterBody = (): Omit<BatchExportRequest, 'mode'> =>
    selectedIds.length
      ? { ids: selectedIds, sort: filters.sort }
      : { q: filters.q, status: filters.status, product_id: filters.product_id, sort: filters.sort };
  return (
    <ListExportButtons
      ns="batches"
      url="/api/v1/traceabilities/export"
      fallbackName="lo-hang.xlsx"
      selectedCount={selectedIds.length}
      filterBody={filterBody}
    />
  );
}
