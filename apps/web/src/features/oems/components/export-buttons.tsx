import type { ProducerOemExportRequest } from '@agrihub/contract/schemas/oems';
import { ExportButtons as ListExportButtons } from '../../../components/export-buttons';
import type { OemFilters } from '../lib/list-params';

/** XLSX export of OEM producers (POST /api/v1/admin/producer_oems/export): every one, or as filtered. */
export function OemExportButtons({ filters }: { filters: OemFilters }) {
  const filterBody = (): Omit<ProducerOemExportRequest, 'mode'> => ({
    q: filters.q,
    province_code: filters.province_code,
    category_id: filters.category_id,
    capacity_min: filters.capacity_min,
    capacity_max: filters.capacity_max,
    active: filters.active,
    certificate: filters.certificate,
  });
  return (
    <ListExportButtons
      ns="oems"
      url="/api/v1/admin/producer_oems/export"
      fallbackName="nha-san-xuat-oem.xlsx"
      selectedCount={0}
      filterBody={filterBody}
    />
  );
}
