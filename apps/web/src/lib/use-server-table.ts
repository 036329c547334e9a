import type { ReactNode } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@agrihub/contract/constants';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import { oneOfParam, positiveParam, type ListParams } from './list-params';

/** A server-paged list: its sorts (`field` / `-field`, the contract's sortTokens) and its own filters. */
export interface TableSpec<S extends string, F extends object> {
  sorts: readonly S[];
  defaultSort: S;
  /** The list's own filters read from the URL; unknown values come back undefined (dropped). */
  readFilters: (params: URLSearchParams) => F;
}

export const PAGE_SIZES = [10, 20, 50, 100].filter((n) => n <= MAX_PER_PAGE);

/** The list's query (RTK Query args) from the URL: page, per_page (capped), q, sort, filters. */
export function readListQuery<S extends string, F extends object>(
  params: URLSearchParams,
  spec: TableSpec<S, F>,
): ListParams<S> & F {
  return {
    page: positiveParam(params.get('page')) ?? 1,
    per_page: Math.min(positiveParam(params.get('per_page')) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    q: params.get('q')?.trim() || undefined,
    ...spec.readFilters(params),
    sort: oneOfParam(spec.sorts, params.get('sort')) ?? spec.defaultSort,
  };
}

/** The URL of a list query; empty values and defaults (page 1, default size and sort) are left out. */
export function listSearch<S extends string>(query: ListParams<S> & object, defaultSort: S): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(query) as [string, string | number | undefined][]) {
    if (v === undefined || v === '') continue;
    if (
      (k === 'page' && v === 1) ||
      (k === 'per_page' && v === DEFAULT_PER_PAGE) ||
      (k === 'sort' && v === defaultSort)
    )
      continue;
    out.set(k, String(v));
  }
  return out;
}

/**
 * What a Table change asks of the list: a new sort (clicking a sortable column: its key is the
 * field; clearing it goes back to the default), otherwise the page and page size.
 */
export function tableChange<S extends string, T>(
  query: ListParams<S>,
  spec: Pick<TableSpec<S, object>, 'sorts' | 'defaultSort'>,
  pagination: TablePaginationConfig,
  sorter: SorterResult<T> | SorterResult<T>[],
): Partial<ListParams<S>> {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = String(s?.columnKey ?? '');
  const wanted = s?.order === 'ascend' ? field : s?.order === 'descend' ? `-${field}` : null;
  const sort = wanted && (spec.sorts as readonly string[]).includes(wanted) ? (wanted as S) : spec.defaultSort;
  if (sort !== query.sort) return { sort };
  return { page: pagination.current ?? 1, per_page: pagination.pageSize ?? query.per_page };
}

/** How a column shows the current sort. */
export function sortOrderOf(sort: string, field: string): 'ascend' | 'descend' | null {
  return sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null;
}

/**
 * One hook joins an antd Table, the URL and the RTK Query args (refine's useTable): `query` is what
 * the list endpoint is asked (page, per_page, q, sort, filters), kept in the URL so a list is
 * shareable and survives reload and back; `tableProps` wires the Table's paging and sorting to it;
 * `update` changes filters (back to page 1 unless the page itself changes).
 */
export function useServerTable<S extends string, F extends object>(spec: TableSpec<S, F>) {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, spec);
  const update = (patch: Partial<ListParams<S> & F>) =>
    setParams(listSearch({ ...query, ...('page' in patch ? {} : { page: 1 }), ...patch }, spec.defaultSort));
  const active = !!query.q || Object.values(spec.readFilters(params)).some((v) => v !== undefined);

  /** pagination + onChange of the Table showing this list's page (`meta` from the answer). */
  /** `showTotal` is told when the server stopped counting (meta.total_capped: "more than `total`"). */
  const tableProps = <T>(meta: ListMeta | undefined, showTotal?: (total: number, capped: boolean) => ReactNode) => ({
    pagination: {
      current: meta?.current_page ?? query.page,
      pageSize: meta?.per_page ?? query.per_page,
      total: meta?.total_count ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showTotal: showTotal && ((total: number) => showTotal(total, !!meta?.total_capped)),
    },
    onChange: (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) =>
      update(tableChange(query, spec, pagination, sorter) as Partial<ListParams<S> & F>),
  });
  const sortOrder = (field: string) => sortOrderOf(query.sort, field);
  return { query, update, active, tableProps, sortOrder };
}

export type ServerTable<S extends string, F extends object> = ReturnType<typeof useServerTable<S, F>>;
