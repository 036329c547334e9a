import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
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
    <Flex gap={8} wrap align="center">
      <Input.Search
        key={filters.q ?? ''}
        allowClear
        enterButton
        defaultValue={filters.q}
        placeholder={t('filters.search')}
        onSearch={(v) => update({ q: v.trim() || undefined })}
        style={{ width: 320 }}
        data-testid="producer-search"
      />
      <Select
        allowClear
        value={filters.status}
        placeholder={t('filters.allStatuses')}
        style={{ width: 180 }}
        options={statusOptions}
        onChange={(status) => update({ status: status ?? undefined })}
        data-testid="producer-status-filter"
      />
      <Select
        allowClear
        value={filters.producer_type}
        placeholder={t('filters.allTypes')}
        style={{ width: 200 }}
        options={typeOptions}
        onChange={(producer_type) => update({ producer_type: producer_type ?? undefined })}
        data-testid="producer-type-filter"
      />
      {active && (
        <Button
          type="link"
          onClick={() => update({ q: undefined, status: undefined, producer_type: undefined })}
          data-testid="producer-filters-reset"
        >
          {t('filters.reset')}
        </Button>
      )}
    </Flex>
  );
}
