import { useTranslation } from 'react-i18next';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { useEnumOptions } from '../../../lib/enums';
import type { ProducerFilters } from '../lib/list-params';

interface Props {
  filters: ProducerFilters;
  active: boolean;
  update: (patch: Partial<ProducerFilters>) => void;
}

/** Search (name, tax code), status and producer type; kept in the URL by the caller. */
export function ProducerFiltersBar({ filters, active, update }: Props) {
  const { t } = useTranslation('admin-producers');
  const statusOptions = useEnumOptions('producerStatus');
  const typeOptions = useEnumOptions('producerType');
  return (
    <FilterBar
      active={active}
      onReset={() => update({ q: undefined, status: undefined, producer_type: undefined })}
      resetLabel={t('filters.reset')}
      resetTestId="producer-filters-reset"
    >
      <SearchFilter
        enterButton
        value={filters.q}
        onSearch={(q) => update({ q })}
        placeholder={t('filters.search')}
        width={320}
        testId="producer-search"
      />
      <SelectFilter
        value={filters.status}
        placeholder={t('filters.allStatuses')}
        width={180}
        options={statusOptions}
        onChange={(status) => update({ status })}
        testId="producer-status-filter"
      />
      <SelectFilter
        value={filters.producer_type}
        placeholder={t('filters.allTypes')}
        width={200}
        options={typeOptions}
        onChange={(producer_type) => update({ producer_type })}
        testId="producer-type-filter"
      />
    </FilterBar>
  );
}
