import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROVINCES } from '@agrihub/contract/geo';
import { CategorySelect } from '../../../components/category-select';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import type { OemFilters } from '../lib/list-params';

interface Props {
  filters: OemFilters;
  active: boolean;
  update: (patch: Partial<OemFilters>) => void;
}

export const CLEARED_FILTERS: Partial<OemFilters> = {
  q: undefined,
  province_code: undefined,
  category_id: undefined,
  capacity_min: undefined,
  capacity_max: undefined,
  active: undefined,
  certificate: undefined,
};

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }));

/**
 * The list's filters above the table, kept in the URL by the caller: search (name, tax code,
 * contact, address; accents optional), province, category (with what is below it), monthly
 * capacity between two numbers, cooperating or not, certificates expiring within 60 days or expired.
 */
export function OemFiltersBar({ filters, active, update }: Props) {
  const { t } = useTranslation('oems');
  const categories = useCategoriesQuery();
  const capacity = (key: 'capacity_min' | 'capacity_max', placeholder: string) => (
    <InputNumber<number>
      key={`${key}-${filters[key] ?? ''}`}
      min={0}
      max={2_147_483_647}
      precision={0}
      defaultValue={filters[key]}
      placeholder={placeholder}
      style={{ width: 150 }}
      onBlur={(e) => {
        const raw = e.target.value.replace(/[^\d]/g, '');
        const next = raw === '' ? undefined : Number(raw);
        if (next !== filters[key]) update({ [key]: next });
      }}
      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
      data-testid={`oem-${key.replace('_', '-')}`}
    />
  );
  return (
    <FilterBar
      active={active}
      onReset={() => update(CLEARED_FILTERS)}
      resetLabel={t('filters.reset')}
      resetTestId="oem-filters-reset"
      testId="oem-filters"
    >
      <SearchFilter
        enterButton
        value={filters.q}
        onSearch={(q) => update({ q })}
        placeholder={t('filters.search')}
        width={300}
        testId="oem-search"
      />
      <SelectFilter
        value={filters.province_code}
        placeholder={t('filters.allProvinces')}
        width={200}
        options={PROVINCE_OPTIONS}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(province_code) => update({ province_code })}
        testId="oem-province-filter"
      />
      <CategorySelect
        categories={categories.data ?? []}
        loading={categories.isLoading}
        onlyLeaves={false}
        allowClear
        value={filters.category_id ?? null}
        onChange={(id) => update({ category_id: id ?? undefined })}
        placeholder={t('filters.allCategories')}
        style={{ width: 240 }}
        testId="oem-category-filter"
      />
      {capacity('capacity_min', t('filters.capacityMin'))}
      {capacity('capacity_max', t('filters.capacityMax'))}
      <SelectFilter
        value={filters.active}
        placeholder={t('filters.allActive')}
        width={170}
        options={[
          { value: 'true', label: t('filters.activeTrue') },
          { value: 'false', label: t('filters.activeFalse') },
        ]}
        onChange={(v) => update({ active: v })}
        testId="oem-active-filter"
      />
      <SelectFilter
        value={filters.certificate}
        placeholder={t('filters.allCertificates')}
        width={250}
        options={[
          { value: 'expiring', label: t('filters.certificateExpiring') },
          { value: 'expired', label: t('filters.certificateExpired') },
        ]}
        onChange={(certificate) => update({ certificate })}
        testId="oem-certificate-filter"
      />
    </FilterBar>
  );
}
