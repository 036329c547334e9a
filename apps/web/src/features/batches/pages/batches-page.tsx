import { useState } from 'react';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useListBatchesQuery } from '../api/batches-api';
import { BatchFiltersBar } from '../components/batch-filters';
import { BatchesTable } from '../components/batches-table';
import { ExportButtons } from '../components/export-buttons';
import { NationalPortalButton } from '../components/national-portal-button';
import { useBatchTable } from '../lib/list-filters';
import { LinkButton } from '../../../components/link-button';
import { FsmaRangeButton } from '../../../components/fsma-export';

/** /product-batches: the producer's batches with search, status and product filters, paging, XLSX export. */
export function BatchesPage() {
  const { t } = useTranslation('batches');
  const navigate = useNavigate();
  const table = useBatchTable();
  const { query: filters, update, active } = table;
  const list = useListBatchesQuery(filters);
  const [selected, setSelected] = useState<number[]>([]);
  const linkOf = (b: { id: number }) => generatePath(paths.productBatch, { id: String(b.id) });

  const empty = active ? (
    <Empty description={t('list.noMatch')}>
      <Button onClick={() => update({ q: undefined, status: undefined, product_id: undefined })}>
        {t('list.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('list.empty')} data-testid="batches-empty">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.addBatch)}>
        {t('actions.addBatch')}
      </Button>
    </Empty>
  );

  return (
    <Flex vertical gap={16} data-testid="batches-page">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Flex gap={8}>
          <ExportButtons filters={filters} selectedIds={selected} />
          <FsmaRangeButton />
          <NationalPortalButton productId={filters.product_id} />
          <LinkButton to={paths.addBatch} type="primary" icon={<PlusOutlined />} data-testid="add-batch">
            {t('actions.addBatch')}
          </LinkButton>
        </Flex>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <BatchFiltersBar filters={filters} update={update} active={active} />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <BatchesTable
              batches={list.data?.batches ?? []}
              meta={list.data?.meta}
              loading={list.isFetching}
              table={table}
              linkOf={linkOf}
              selected={selected}
              onSelect={setSelected}
              empty={list.isLoading ? ' ' : empty}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
