import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { useEnumOptions } from '../../../lib/enums';
import { useServiceCatalogueQuery, useStaffUsersQuery } from '../api/services-approval-api';
import type { RequestFilters } from '../lib/list-params';

interface Props {
  filters: RequestFilters;
  active: boolean;
  update: (patch: Partial<RequestFilters>) => void;
}

const CLEARED: Partial<RequestFilters> = {
  q: undefined,
  slug: undefined,
  step: undefined,
  status: undefined,
  assignee_id: undefined,
  overdue: undefined,
  created_from: undefined,
  created_to: undefined,
};

/** Search (accent-free), service, step, status, assignee, overdue and created between; kept in the URL. */
export function RequestFiltersBar({ filters, active, update }: Props) {
  const { t } = useTranslation('services-approval');
  const stepOptions = useEnumOptions('serviceStep');
  const statusOptions = useEnumOptions('serviceRequestStatus');
  const catalogue = useServiceCatalogueQuery();
  // Without the right to read users the select offers only "unassigned"; the list still filters.
  const staff = useStaffUsersQuery();
  const assigneeOptions = [
    { value: 'none', label: t('filters.unassigned') },
    ...(staff.data ?? []).map((u) => ({ value: String(u.id), label: u.name || u.email || `#${u.id}` })),
  ];
  const range =
    filters.created_from || filters.created_to
      ? ([
          filters.created_from ? dayjs(filters.created_from) : null,
          filters.created_to ? dayjs(filters.created_to) : null,
        ] as [Dayjs | null, Dayjs | null])
      : null;

  return (
    <FilterBar
      active={active}
      onReset={() => update(CLEARED)}
      resetLabel={t('filters.reset')}
      resetTestId="request-filters-reset"
      testId="request-filters"
    >
      <SearchFilter
        enterButton
        value={filters.q}
        onSearch={(q) => update({ q })}
        placeholder={t('filters.search')}
        width={280}
        testId="request-search"
      />
      <SelectFilter
        showSearch
        optionFilterProp="label"
        value={filters.slug}
        placeholder={t('filters.allServices')}
        loading={catalogue.isFetching}
        width={240}
        options={(catalogue.data ?? []).map((s) => ({ value: s.slug, label: s.title }))}
        onChange={(slug) => update({ slug })}
        testId="request-service-filter"
      />
      <SelectFilter
        value={filters.step}
        placeholder={t('filters.allSteps')}
        width={190}
        options={stepOptions}
        onChange={(step) => update({ step })}
        testId="request-step-filter"
      />
      <SelectFilter
        value={filters.status}
        placeholder={t('filters.allStatuses')}
        width={160}
        options={statusOptions}
        onChange={(status) => update({ status })}
        testId="request-status-filter"
      />
      <SelectFilter
        showSearch
        optionFilterProp="label"
        value={filters.assignee_id === undefined ? undefined : String(filters.assignee_id)}
        placeholder={t('filters.allAssignees')}
        width={200}
        options={assigneeOptions}
        onChange={(v) => update({ assignee_id: v === undefined ? undefined : v === 'none' ? 'none' : Number(v) })}
        testId="request-assignee-filter"
      />
      <SelectFilter
        value={filters.overdue}
        placeholder={t('filters.overdueAny')}
        width={150}
        options={[
          { value: 'true', label: t('filters.overdueOnly') },
          { value: 'false', label: t('filters.onTime') },
        ]}
        onChange={(overdue) => update({ overdue })}
        testId="request-overdue-filter"
      />
      <DatePicker.RangePicker
        value={range}
        allowEmpty={[true, true]}
        placeholder={[t('filters.createdFrom'), t('filters.createdTo')]}
        format="DD/MM/YYYY"
        onChange={(v) =>
          update({
            created_from: v?.[0]?.format('YYYY-MM-DD') ?? undefined,
            created_to: v?.[1]?.format('YYYY-MM-DD') ?? undefined,
          })
        }
        data-testid="request-created-filter"
      />
    </FilterBar>
  );
}
