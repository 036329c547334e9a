import { PROVINCE_CODES } from '@agrihub/contract/geo';
import { sortTokens } from '@agrihub/contract/schemas/list';
import { OEM_CERTIFICATE_FILTERS, OEM_SORT_FIELDS, type OemCertificateFilter } from '@agrihub/contract/schemas/oems';
import { oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const OEM_SORTS = sortTokens(OEM_SORT_FIELDS);
export type OemSort = (typeof OEM_SORTS)[number];

export interface OemOwnFilters {
  province_code?: string;
  category_id?: number;
  capacity_min?: number;
  capacity_max?: number;
  active?: 'true' | 'false';
  certificate?: OemCertificateFilter;
}
export type OemFilters = ListParams<OemSort> & OemOwnFilters;

/** A whole number ≥ 0 from the URL (a capacity), or undefined. */
export function countParam(v: string | null): number | undefined {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : undefined;
}

/** GET /api/v1/admin/producer_oems: the contract's sorts (name first), its filters in the URL. */
export const OEM_TABLE: TableSpec<OemSort, OemOwnFilters> = {
  sorts: OEM_SORTS,
  defaultSort: 'name',
  readFilters: (params) => ({
    province_code: oneOfParam(PROVINCE_CODES, params.get('province_code')),
    category_id: positiveParam(params.get('category_id')),
    capacity_min: countParam(params.get('capacity_min')),
    capacity_max: countParam(params.get('capacity_max')),
    active: oneOfParam(['true', 'false'] as const, params.get('active')),
    certificate: oneOfParam(OEM_CERTIFICATE_FILTERS, params.get('certificate')),
  }),
};

export const useOemTable = () => useServerTable(OEM_TABLE);
