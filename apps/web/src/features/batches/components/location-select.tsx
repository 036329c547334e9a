import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEventLocationOptionsQuery } from '../api/batches-api';

interface Props {
  value?: number | null;
  onChange?: (id: number | null) => void;
}

/** One of the producer's locations for an event (optional), searched by name. */
export function LocationSelect({ value, onChange }: Props) {
  const { t } = useTranslation('batches');
  const list = useEventLocationOptionsQuery();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('events.locationPlaceholder')}
      loading={list.isFetching}
      value={value ?? undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      notFoundContent={t('events.noLocations')}
      options={(list.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
      data-testid="event-location"
    />
  );
}
