import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PER_PAGE } from '@agrihub/contract/constants';
import { useListLocationsQuery } from '../../locations/api/locations-api';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
}

/** One of the producer's locations for an event (optional), searched by name. */
export function LocationSelect({ value, onChange }: Props) {
  const { t } = useTranslation('batches');
  const list = useListLocationsQuery({ per_page: MAX_PER_PAGE, sort: 'name' });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('events.locationPlaceholder')}
      loading={list.isFetching}
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      notFoundContent={t('events.noLocations')}
      options={(list.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
      data-testid="event-location"
    />
  );
}
