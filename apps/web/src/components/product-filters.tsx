import type { ReactNode } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCategoriesQuery } from '../lib/catalogue-api';
import { useEnumOptions } from '../lib/enums';
import type { ProductFilters } from '../lib/product-list';
import { CategorySelect } from './category-select';

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
    <Flex gap={12} wrap align="center" data-testid="product-filters">
      {before}
      <Input.Search
        key={filters.q ?? ''}
        defaultValue={filters.q}
        allowClear
        placeholder={t('list.searchPlaceholder')}
        style={{ width: 280 }}
        onSearch={(q) => update({ q: q.trim() || undefined })}
        data-testid="product-search"
      />
      <Select
        allowClear
        value={filters.status}
        placeholder={t('list.allStatuses')}
        style={{ width: 180 }}
        options={statusOptions}
        onChange={(status) => update({ status: status ?? undefined })}
        data-testid="product-status-filter"
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
      {active && (
        <Button
          type="link"
          onClick={() => update({ q: undefined, status: undefined, category_id: undefined, producer_id: undefined })}
          data-testid="clear-filters"
        >
          {t('list.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}
