import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUSES, PRODUCER_TYPES } from '@agrihub/contract/constants';
import { sortTokens } from '@agrihub/contract/schemas/list';
import { listParams, oneOfParam } from './list-params';
import { PRODUCT_TABLE } from './product-list';
import { listSearch, readListQuery, sortOrderOf, tableChange, type TableSpec } from './use-server-table';

/** Like the admin producers list (features/admin-producers/lib/list-params.ts). */
const PRODUCER_TABLE: TableSpec<string, object> = {
  sorts: sortTokens(['created_at', 'name']),
  defaultSort: '-created_at',
  readFilters: (params) => ({
    status: oneOfParam(APPROVAL_STATUSES, params.get('status')),
    producer_type: oneOfParam(PRODUCER_TYPES, params.get('producer_type')),
  }),
};

describe('server table: URL ↔ list query', () => {
  it('drops unknown values, caps the page size, and round-trips without the defaults', () => {
    const q = readListQuery(
      new URLSearchParams('page=2&per_page=500&status=done&producer_type=household&q=%20tr%C3%A0%20&sort=-email'),
      PRODUCER_TABLE,
    );
    expect(q).toEqual({
      page: 2,
      per_page: 100,
      q: 'trà',
      status: undefined,
      producer_type: 'household',
      sort: '-created_at',
    });
    expect(listSearch({ ...q, page: 1, per_page: 20 }, PRODUCER_TABLE.defaultSort).toString()).toBe(
      'q=tr%C3%A0&producer_type=household',
    );
    expect(listParams(q)).toEqual({
      page: 2,
      per_page: 100,
      q: 'trà',
      producer_type: 'household',
      sort: '-created_at',
    });
  });

  it('keeps a whitelisted sort and the numeric filters', () => {
    const q = readListQuery(new URLSearchParams('sort=name&category_id=7&producer_id=x'), PRODUCT_TABLE);
    expect(q).toMatchObject({ page: 1, per_page: 20, sort: 'name', category_id: 7, producer_id: undefined });
    expect(listSearch(q, PRODUCT_TABLE.defaultSort).toString()).toBe('category_id=7&sort=name');
  });
});

describe('server table: Table changes', () => {
  const query = { page: 3, per_page: 20, sort: '-created_at' as const };

  it('a click on a sortable column asks that sort (the page goes back to 1 in update)', () => {
    expect(tableChange(query, PRODUCT_TABLE, { current: 3 }, { columnKey: 'name', order: 'ascend' })).toEqual({
      sort: 'name',
    });
    expect(tableChange(query, PRODUCT_TABLE, { current: 3 }, { columnKey: 'name', order: 'descend' })).toEqual({
      sort: '-name',
    });
  });

  it('clearing the sort or sorting an unknown column goes back to the default sort', () => {
    const named = { ...query, sort: 'name' as const };
    expect(tableChange(named, PRODUCT_TABLE, { current: 1 }, { columnKey: 'name', order: null })).toEqual({
      sort: '-created_at',
    });
    expect(tableChange(named, PRODUCT_TABLE, { current: 1 }, { columnKey: 'price', order: 'ascend' })).toEqual({
      sort: '-created_at',
    });
  });

  it('otherwise it is paging', () => {
    expect(tableChange(query, PRODUCT_TABLE, { current: 4, pageSize: 50 }, {})).toEqual({ page: 4, per_page: 50 });
    expect(sortOrderOf('-name', 'name')).toBe('descend');
    expect(sortOrderOf('name', 'name')).toBe('ascend');
    expect(sortOrderOf('name', 'created_at')).toBeNull();
  });
});
