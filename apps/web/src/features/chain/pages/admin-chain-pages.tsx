import { Alert, Card, Empty, Flex, Input, Result, Table, Typography, type TableColumnsType } from 'antd';
import { AlertOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useParams } from 'react-router';
import type { AdminChainLot } from '@agrihub/contract/schemas/trace';
import { ChainView } from '../../../components/chain-view';
import { useSearchButton } from '../../../components/filter-bar';
import { LinkButton } from '../../../components/link-button';
import { ListPage } from '../../../components/list-page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { BatchStateTag } from '../../../components/status-tags';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAdminChainLotsQuery, useGetTraceQuery } from '../../../lib/chain-api';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';

/** The lot search keeps page, size and q in the URL; one order (newest production first). */
const LOT_TABLE: TableSpec<'-production_date', object> = {
  sorts: ['-production_date'],
  defaultSort: '-production_date',
  readFilters: () => ({}),
};

const lotPath = (id: number) => generatePath(paths.adminSupplyChainLot, { id: String(id) });

/** /admin/supply-chain: every lot of the platform, searched by lot or public code, product or producer. */
export function AdminChainLotsPage() {
  const { t } = useTranslation('chain');
  const locale = currentLocale();
  const searchButton = useSearchButton();
  const table = useServerTable(LOT_TABLE);
  const { query: filters, update, active } = table;
  const list = useAdminChainLotsQuery({ page: filters.page, per_page: filters.per_page, q: filters.q });

  const columns: TableColumnsType<AdminChainLot> = [
    {
      key: 'lot_code',
      title: t('col.lot'),
      render: (_v, l) => (
        <Link to={lotPath(l.id)} data-testid="admin-chain-lot-link">
          {l.lot_code}
        </Link>
      ),
    },
    { key: 'public_code', title: t('col.publicCode'), dataIndex: 'public_code' },
    { key: 'product', title: t('col.product'), dataIndex: 'product_name' },
    { key: 'producer', title: t('col.producer'), dataIndex: 'producer_name' },
    {
      key: 'production_date',
      title: t('col.productionDate'),
      width: 140,
      render: (_v, l) => formatDate(l.production_date, locale),
    },
    { key: 'state', title: t('col.state'), width: 140, render: (_v, l) => <BatchStateTag state={l.state} /> },
  ];

  return (
    <ListPage
      testId="admin-chain-page"
      title={t('admin.title')}
      query={list}
      filters={
        <Input.Search
          key={filters.q ?? ''}
          defaultValue={filters.q}
          allowClear
          placeholder={t('admin.searchPlaceholder')}
          aria-label={t('admin.searchPlaceholder')}
          style={{ width: 420 }}
          enterButton={searchButton}
          onSearch={(q) => update({ q: q.trim() || undefined })}
          data-testid="admin-chain-search"
        />
      }
    >
      <Table<AdminChainLot>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.lots ?? []}
        loading={list.isFetching}
        data-testid="admin-chain-lots"
        onRow={(l) => ({ 'data-testid': 'admin-chain-row', 'data-lot': l.lot_code }) as object}
        locale={{
          emptyText: list.isLoading ? ' ' : <Empty description={t(active ? 'admin.noMatch' : 'admin.empty')} />,
        }}
        {...table.tableProps(list.data?.meta, (total) => t('admin.total', { count: total }))}
      />
    </ListPage>
  );
}

/** /admin/supply-chain/:id: the whole chain of one lot of the platform, both directions, and its mock recall. */
export function AdminChainLotPage() {
  const { t } = useTranslation('chain');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // The same question as the chain view's: answered once from the cache.
  const query = useGetTraceQuery(
    { id: valid ? id : 0, direction: 'both', admin: true },
    { skip: !valid, refetchOnMountOrArgChange: true },
  );
  if (!valid || (isApiError(query.error) && query.error.status === 404))
    return <Result status="404" title={t('admin.notFound')} data-testid="admin-chain-not-found" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader />;
  const root = query.data.nodes.find((n) => n.type === 'lot' && n.lot_id === id);
  const lot = root?.type === 'lot' ? root : null;

  return (
    <Flex vertical gap={16} data-testid="admin-chain-lot-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8}>
          <LinkButton
            to={paths.adminSupplyChain}
            aria-label={t('admin.back')}
            type="text"
            icon={<ArrowLeftOutlined />}
          />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('admin.lotTitle', { lot: lot?.lot_code ?? id })}
          </Typography.Title>
        </Flex>
        <LinkButton
          to={`${paths.adminMockRecall}?lot_id=${id}`}
          icon={<AlertOutlined />}
          data-testid="mock-recall-action"
        >
          {t('mockRecallAction')}
        </LinkButton>
      </Flex>
      {lot && (
        <Typography.Text type="secondary">
          {lot.product_name} · {lot.producer_name}
        </Typography.Text>
      )}
      <Alert type="info" showIcon title={t('admin.wholeChain')} />
      <Card>
        <ChainView lotId={id} admin />
      </Card>
    </Flex>
  );
}
