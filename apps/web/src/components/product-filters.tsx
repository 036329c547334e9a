import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoriesQuery } from '../lib/catalogue-api';
import { useEnumOptions } from '../lib/enums';
import type { ProductFilters } from '../lib/product-list';
import { CategorySelect } from './category-select';
import { FilterBar, SearchFilter, SelectFilter } from './filter-bar';

interface Props {
  filters: ProductFilters;
  update: (patch: Partial<ProductFilters>) => void;
  active: boolean;
  /** Extra filters placed first (the admin's producer select). */
  before?: ReactNode;
}

/** Search (server-side q), status and category (leaves, path shown) for product lists. */
export function ProductFiltersBar({ filters, update, active, before }: Props) {
  const { t } = useTranslation('products');
  const statusOptions = useEnumOptions('productStatus');
  const categories = useCategoriesQuery();
  return (
    <FilterBar
      gap={12}
      active={active}
      onReset={() => update({ q: undefined, status: undefined, category_id: undefined, producer_id: undefined })}
      resetLabel={t('list.clearFilters')}
      resetTestId="clear-filters"
      testId="product-filters"
    >
      {before}
      <SearchFilter
        value={filters.q}
        onSearch={(q) => update({ q })}
        placeholder={t('list.searchPlaceholder')}
        width={280}
        testId="product-search"
      />
      <SelectFilter
        value={filters.status}
        placeholder={t('list.allStatuses')}
        width={180}
        options={statusOptions}
        onChange={(status) => update({ status })}
        testId="product-status-filter"
      />
      <CategorySelect
        categories={categories.data ?? []}
        loading={categories.isLoading}
        value={filters.category_id ?? null}
        onChange={(id) => update({ category_id: id ?? undefined })}
        allowClear
        placeholder={t('list.allCategories')}
        style={{ width: 300 }}
        testId="product-category-filter"
      />
    </FilterBar>
  );
}
