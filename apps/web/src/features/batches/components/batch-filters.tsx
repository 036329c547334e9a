import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnumOptions } from '../../../lib/enums';
import { useBatchProductOptionsQuery } from '../api/batches-api';
import type { BatchFilters } from '../lib/list-filters';
import { useSearchButton } from '../../../components/filter-bar';

interface Props {
  filters: BatchFilters;
  update: (patch: Partial<BatchFilters>) => void;
  active: boolean;
}

/** Search (lot code, product name), status and product filters; all kept in the URL. */
export function BatchFiltersBar({ filters, update, active }: Props) {
  const { t, i18n } = useTranslation('batches');
  const searchButton = useSearchButton();
  const stateOptions = useEnumOptions('batchState');
  const products = useBatchProductOptionsQuery({});
  return (
    <Flex gap={8} wrap>
      <Input.Search
        key={filters.q ?? ''}
        defaultValue={filters.q}
        allowClear
        placeholder={t('list.searchPlaceholder')}
        style={{ width: 320 }}
        aria-label={t('list.searchPlaceholder')}
        enterButton={searchButton}
        onSearch={(q) => update({ q: q.trim() || undefined })}
        data-testid="batch-search"
      />
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('list.allStatuses')}
        aria-label={t('list.allStatuses')}
        value={filters.status}
        onChange={(status) => update({ status: status ?? undefined })}
        options={stateOptions}
        data-testid="batch-status-filter"
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 280 }}
        placeholder={t('list.allProducts')}
        aria-label={t('list.allProducts')}
        loading={products.isFetching}
        value={filters.product_id}
        onChange={(product_id) => update({ product_id: product_id ?? undefined })}
        options={(products.data ?? []).map((p) => ({
          value: p.id,
          label: (i18n.language === 'en' && p.name_en) || p.name,
        }))}
        data-testid="batch-product-filter"
      />
      {active && (
        <Button type="link" onClick={() => update({ q: undefined, status: undefined, product_id: undefined })}>
          {t('list.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}
