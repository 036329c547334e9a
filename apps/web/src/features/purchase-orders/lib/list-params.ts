import { PURCHASE_ORDER_STATUSES } from '@agrihub/contract/constants';
import { sortTokens } from '@agrihub/contract/schemas/list';
import {
  PURCHASE_ORDER_SORT_FIELDS,
  PURCHASE_ORDER_SUPPLIER_TYPES,
  type PurchaseOrderStatus,
  type PurchaseOrderSupplierType,
} from '@agrihub/contract/schemas/purchase-orders';
import { isCalendarDate } from '@agrihub/contract/schemas/common';
import { listParams, oneOfParam, positiveParam, type ListParams } from '../../../lib/list-params';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

const SORTS = sortTokens(PURCHASE_ORDER_SORT_FIELDS);
export type PurchaseOrderSort = (typeof SORTS)[number];

export interface PurchaseOrderOwnFilters {
  status?: PurchaseOrderStatus;
  supplier_type?: PurchaseOrderSupplierType;
  supplier_id?: number;
  date_from?: string;
  date_to?: string;
  amount_min?: number;
  amount_max?: number;
}
export type PurchaseOrderFilters = ListParams<PurchaseOrderSort> & PurchaseOrderOwnFilters;

const dateParam = (v: string | null) => (v && isCalendarDate(v) ? v : undefined);
/** A whole, non-negative amount of đồng from the URL (0 is a valid minimum). */
const amountParam = (v: string | null) => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/** The list's own filters from the URL; unknown or malformed values are dropped. */
export function readPurchaseOrderFilters(params: URLSearchParams): PurchaseOrderOwnFilters {
  const supplierType = oneOfParam(PURCHASE_ORDER_SUPPLIER_TYPES, params.get('supplier_type'));
  return {
    status: oneOfParam(PURCHASE_ORDER_STATUSES, params.get('status')),
    supplier_type: supplierType,
    // A supplier is named by its type and id together.
    supplier_id: supplierType ? positiveParam(params.get('supplier_id')) : undefined,
    date_from: dateParam(params.get('date_from')),
    date_to: dateParam(params.get('date_to')),
    amount_min: amountParam(params.get('amount_min')),
    amount_max: amountParam(params.get('amount_max')),
  };
}

export const PURCHASE_ORDER_TABLE: TableSpec<PurchaseOrderSort, PurchaseOrderOwnFilters> = {
  sorts: SORTS,
  defaultSort: '-created_at',
  readFilters: readPurchaseOrderFilters,
};

export const usePurchaseOrderTable = () => useServerTable(PURCHASE_ORDER_TABLE);

/**
 * The export's URL (POST, the mode and filters in the query as the server reads them): everything,
 * or the list's filters (not its page or sort).
 */
export function exportUrl(
  base: string,
  mode: 'exportAllData' | 'exportAsFilter',
  filters: PurchaseOrderFilters,
): string {
  const { page: _page, per_page: _perPage, sort: _sort, ...own } = filters;
  const params = new URLSearchParams({ mode });
  if (mode === 'exportAsFilter') for (const [k, v] of Object.entries(listParams(own))) params.set(k, String(v));
  return `/${base}/export?${params.toString()}`;
}
