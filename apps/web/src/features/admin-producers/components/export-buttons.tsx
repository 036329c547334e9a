import type { ProducerExportRequest } from '@agrihub/contract/schemas/admin-producers';
import { ExportButtons as ListExportButtons } from '../../../components/export-buttons';
import type { ProducerFilters } from '../lib/list-params';

/** XLSX export of producers (POST /api/v1/admin/producers/export). */
export function ExportButtons({ filters, selectedIds }: { filters: ProducerFilters; selectedIds: number[] }) {
  const filterBody = (): Omit<ProducerExportRequest, 'mode'> =>
    selectedIds.length
      ? { ids: selectedIds }
      : { q: filters.q, status: filters.status, producer_type: filters.producer_type };
  return (
    <ListExportButtons
      ns="admin-producers"
      url="/api/v1/admin/producers/export"
      fallbackName="don-vi-san-xuat.xlsx"
      selectedCount={selectedIds.length}
      filterBody={filterBody}
    />
  );
}
