import { useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
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
    <Flex vertical gap={16} data-testid="services-approval">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <ExportButtons filters={filters} selectedIds={selected} />
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <RequestFiltersBar filters={filters} active={table.active} update={filter} />
          <StepCounts counts={list.data?.counts ?? {}} current={filters.step} onPick={(step) => filter({ step: step as RequestFilters['step'] })} />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <RequestsTable table={table} list={list} selected={selected} onSelect={setSelected} testId="requests-table" />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
