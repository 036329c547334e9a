import { ExportButtons as ListExportButtons } from '../../../components/export-buttons';
import { listParams } from '../../../lib/list-params';
import type { RequestFilters } from '../lib/list-params';

/**
 * XLSX export of service requests (POST /api/v1/admin/user_register_services/export?slug=…):
 * the filters travel in the query, the mode and the selected ids in the body.
 */
export function ExportButtons({ filters, selectedIds }: { filters: RequestFilters; selectedIds: number[] }) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { page, per_page, sort, ...rest } = filters;
  const query = new URLSearchParams(
    Object.entries(listParams(rest)).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return (
    <ListExportButtons
      ns="services-approval"
      url={`/api/v1/admin/user_register_services/export${query ? `?${query}` : ''}`}
      fallbackName="yeu-cau-dich-vu.xlsx"
      selectedCount={selectedIds.length}
      filterBody={() => (selectedIds.length ? { ids: selectedIds } : {})}
    />
  );
}
