import { useState } from 'react';
import { App, Card, Empty, Flex, Result, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath, useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { currentLocale } from '../../../lib/i18n';
import { contentActionsColumn, updatedAtColumn } from '../lib/columns';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import {
  useDeletePageViewMutation,
  useGetPageViewQuery,
  useListPageViewsQuery,
  usePageViewHistoryQuery,
  type PageViewRow,
} from '../api/content-admin-api';
import { PageViewEditor } from '../components/page-view-editor';
import { ContentPreview } from '../components/post-preview';
import { usePageViewTable, type PageViewFilters } from '../lib/list-params';
import { LinkButton } from '../../../components/link-button';

const CLEARED: Partial<PageViewFilters> = { q: undefined, status: undefined };

/** /admin/page-views: the platform's editable static pages with their status; edit, preview, delete (asked first). */
export function PageViewsPage() {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const label = useEnumLabel();
  const statusOptions = useEnumOptions('pageViewStatus');
  const locale = currentLocale();
  const ability = useAppAbility();
  const table = usePageViewTable();
  const { query: filters, update } = table;
  const list = useListPageViewsQuery(filters);
  const [remove] = useDeletePageViewMutation();
  const [preview, setPreview] = useState<number | null>(null);

  const onDelete = async (p: PageViewRow) => {
    try {
      const answer = await remove(p.id).unwrap();
      void message.success(answer.message ?? t('pageViews.deleted'));
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('errors.generic'));
    }
  };

  // The 1200 px layout: the title takes what the others leave, two lines at most (whole in a tooltip).
  const columns: TableColumnsType<PageViewRow> = [
    {
      key: 'title',
      title: t('fields.title'),
      sorter: true,
      sortOrder: table.sortOrder('title'),
      render: (_, r) => (
        <CellText text={r.title} rows={2}>
          <Link to={generatePath(paths.adminPageView, { id: String(r.id) })} data-testid="page-view-link">
            {r.title}
          </Link>
        </CellText>
      ),
    },
    {
      key: 'slug',
      title: t('fields.slug'),
      width: 200,
      sorter: true,
      sortOrder: table.sortOrder('slug'),
      render: (_, r) => (
        <CellText text={`/${r.slug}`}>
          <Typography.Text code>/{r.slug}</Typography.Text>
        </CellText>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 128,
      render: (_, r) => (
        <Tag color={r.status === 'published' ? 'green' : 'default'}>{label('pageViewStatus', r.status)}</Tag>
      ),
    },
    updatedAtColumn(t, table.sortOrder, locale),
    contentActionsColumn(t, {
      testId: 'page-view',
      editTo: (r) => generatePath(paths.adminPageView, { id: String(r.id) }),
      onPreview: (r) => setPreview(r.id),
      onDelete: ability.can('manage', 'post') ? onDelete : undefined,
      deleteConfirm: t('pageViews.deleteConfirm'),
    }),
  ];

  return (
    <>
      <ListPage
        testId="admin-page-views"
        title={t('pageViews.title')}
        query={list}
        extra={
          ability.can('create', 'post') ? (
            <LinkButton to={paths.adminAddPageView} type="primary" icon={<PlusOutlined />} data-testid="add-page-view">
              {t('pageViews.add')}
            </LinkButton>
          ) : undefined
        }
        filters={
          <FilterBar
            active={table.active}
            onReset={() => update(CLEARED)}
            resetLabel={t('filters.reset')}
            resetTestId="page-view-filters-reset"
            testId="page-view-filters"
          >
            <SearchFilter
              enterButton
              value={filters.q}
              onSearch={(q) => update({ q })}
              placeholder={t('pageViews.search')}
              width={300}
              testId="page-view-search"
            />
            <SelectFilter
              value={filters.status}
              placeholder={t('filters.allStatuses')}
              width={180}
              options={statusOptions}
              onChange={(status) => update({ status })}
              testId="page-view-status-filter"
            />
          </FilterBar>
        }
      >
        <Table<PageViewRow>
          rowKey="id"
          dataSource={list.data?.page_views ?? []}
          loading={list.isFetching}
          data-testid="page-views-table"
          onRow={(r) => ({ 'data-testid': 'page-view-row', 'data-id': r.id }) as object}
          locale={{
            emptyText: list.isLoading ? (
              ' '
            ) : (
              <Empty description={table.active ? t('noMatch') : t('pageViews.empty')} />
            ),
          }}
          columns={columns}
          {...fittedTable(columns)}
          {...table.tableProps(list.data?.meta, (n) => t('pageViews.total', { count: n }))}
        />
      </ListPage>
      <ContentPreview kind="page_view" id={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/** /admin/page-views/create */
export function AddPageViewPage() {
  return <PageViewEditor page={null} />;
}

/** /admin/page-views/{id}: the page's form and its history. */
export function PageViewPage() {
  const { t } = useTranslation(['content-admin', 'common']);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const page = useGetPageViewQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);
  const history = usePageViewHistoryQuery({ id, page: historyPage }, { skip: !valid, refetchOnMountOrArgChange: true });
  if (!valid || (isApiError(page.error) && page.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('content-admin:pageView.notFound')}
        extra={
          <LinkButton to={paths.adminPageViews} type="primary">
            {t('content-admin:pageViews.backToList')}
          </LinkButton>
        }
        data-testid="page-view-not-found"
      />
    );
  }
  if (page.isError) return <QueryError error={page.error} onRetry={() => void page.refetch()} />;
  if (!page.data) return <PageLoader />;
  return (
    <Flex vertical gap={16}>
      <PageViewEditor key={page.data.id} page={page.data} />
      <Card title={t('common:activity.title')} size="small">
        <ActivityHistory
          query={history}
          testId="page-view-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="page_view"
          fieldLabel={(f) => t(`content-admin:fields.${f}`, { defaultValue: f })}
        />
      </Card>
    </Flex>
  );
}
