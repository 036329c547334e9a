import { Button, DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
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
    <Flex gap={8} wrap align="center" data-testid="request-filters">
      <Input.Search
        key={filters.q ?? ''}
        allowClear
        enterButton
        defaultValue={filters.q}
        placeholder={t('filters.search')}
        onSearch={(v) => update({ q: v.trim() || undefined })}
        style={{ width: 280 }}
        data-testid="request-search"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        value={filters.slug}
        placeholder={t('filters.allServices')}
        loading={catalogue.isFetching}
        style={{ width: 240 }}
        options={(catalogue.data ?? []).map((s) => ({ value: s.slug, label: s.title }))}
        onChange={(slug) => update({ slug: slug ?? undefined })}
        data-testid="request-service-filter"
      />
      <Select
        allowClear
        value={filters.step}
        placeholder={t('filters.allSteps')}
        style={{ width: 190 }}
        options={stepOptions}
        onChange={(step) => update({ step: step ?? undefined })}
        data-testid="request-step-filter"
      />
      <Select
        allowClear
        value={filters.status}
        placeholder={t('filters.allStatuses')}
        style={{ width: 160 }}
        options={statusOptions}
        onChange={(status) => update({ status: status ?? undefined })}
        data-testid="request-status-filter"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        value={filters.assignee_id === undefined ? undefined : String(filters.assignee_id)}
        placeholder={t('filters.allAssignees')}
        style={{ width: 200 }}
        options={assigneeOptions}
        onChange={(v?: string) => update({ assignee_id: v === undefined ? undefined : v === 'none' ? 'none' : Number(v) })}
        data-testid="request-assignee-filter"
      />
      <Select
        allowClear
        value={filters.overdue}
        placeholder={t('filters.overdueAny')}
        style={{ width: 150 }}
        options={[
          { value: 'true', label: t('filters.overdueOnly') },
          { value: 'false', label: t('filters.onTime') },
        ]}
        onChange={(overdue) => update({ overdue: overdue ?? undefined })}
        data-testid="request-overdue-filter"
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
      {active && (
        <Button type="link" onClick={() => update(CLEARED)} data-testid="request-filters-reset">
          {t('filters.reset')}
        </Button>
      )}
    </Flex>
  );
}
