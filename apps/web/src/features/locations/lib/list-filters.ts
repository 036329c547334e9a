import { LOCATION_KINDS, LOCATION_SORT_FIELDS, type LocationKind } from '@agrihub/contract/schemas/locations';
import { PROVINCE_CODES } from '@agrihub/contract/geo';
import { oneOfParam, type ListParams } from '../../../lib/list-params';
import { sortTokens, type SortToken } from '@agrihub/contract/schemas/list';
import { useServerTable, type ServerTable, type TableSpec } from '../../../lib/use-server-table';

export type LocationSort = SortToken<(typeof LOCATION_SORT_FIELDS)[number]>;

interface LocationOwnFilters {
  kind?: LocationKind;
  province_code?: string;
}
export type LocationFilters = ListParams<LocationSort> & LocationOwnFilters;

/** The location list: sorts of the contract, kind and province filters in the URL. */
export const LOCATION_TABLE: TableSpec<LocationSort, LocationOwnFilters> = {
  sorts: sortTokens(LOCATION_SORT_FIELDS),
  defaultSort: '-created_at',
  readFilters: (params) => ({
    kind: oneOfParam(LOCATION_KINDS, params.get('kind')),
    province_code: oneOfParam(PROVINCE_CODES, params.get('province_code')),
  }),
};
export type LocationTable = ServerTable<LocationSort, LocationOwnFilters>;

export const useLocationTable = (): LocationTable => useServerTable(LOCATION_TABLE);
