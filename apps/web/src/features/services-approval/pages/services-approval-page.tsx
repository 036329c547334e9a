import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { useListServiceRequestsQuery } from '../api/services-approval-api';
import { ExportButtons } from '../components/export-buttons';
import { RequestFiltersBar } from '../components/request-filters';
import { RequestsTable } from '../components/requests-table';
import { StepCounts } from '../components/step-counts';
import { useRequestTable, type RequestFilters } from '../lib/list-params';

/** /admin/services-approval: every service request of the platform, server-paged, with counts per step and export. */
export function ServicesApprovalPage() {
  const { t } = useTranslation('services-approval');
  const table = useRequestTable();
  const { query: filters } = table;
  const list = useListServiceRequestsQuery(filters);
  const [selected, setSelected] = useState<number[]>([]);

  /** A new filter is a new question: the previous selection no longer applies. */
  const filter = (patch: Partial<RequestFilters>) => {
    setSelected([]);
    table.update(patch);
  };

  return (
    <ListPage
      testId="services-approval"
      title={t('list.title')}
      extra={<ExportButtons filters={filters} selectedIds={selected} />}
      filters={
        <>
          <RequestFiltersBar filters={filters} active={table.active} update={filter} />
          <StepCounts
            counts={list.data?.counts ?? {}}
            current={filters.step}
            onPick={(step) => filter({ step: step as RequestFilters['step'] })}
          />
        </>
      }
      query={list}
    >
      <RequestsTable table={table} list={list} selected={selected} onSelect={setSelected} testId="requests-table" />
    </ListPage>
  );
}
