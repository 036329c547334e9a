import { useState } from 'react';
import { App, Button, Drawer, Empty, Flex, Image, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import { FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { POST_STATUSES } from '@agrihub/contract/schemas/content';
import { CategorySelect } from '../../../components/category-select';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { contentActionsColumn, updatedAtColumn } from '../lib/columns';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import {
  useDeletePostMutation,
  useListPostCategoriesQuery,
  useListPostsQuery,
  type PostRow,
} from '../api/content-admin-api';
import { CategoryManager } from '../components/category-manager';
import { ContentPreview } from '../components/post-preview';
import { usePostTable, type PostFilters } from '../lib/list-params';
import { LinkButton } from '../../../components/link-button';

const CLEARED: Partial<PostFilters> = { q: undefined, status: undefined, category_id: undefined };

const STATUS_COLOR: Record<string, string> = { draft: 'default', published: 'green', scheduled: 'blue' };

/**
 * /admin/posts: the platform's posts, paged on the server, with counts per status, a category
 * filter (a category and its subtree), search and sort; each post can be edited, previewed (its
 * stored HTML and resolved SEO metadata) or deleted (asked first). The category tree is managed in
 * a drawer.
 */
export function PostsPage() {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const label = useEnumLabel();
  const statusOptions = useEnumOptions('postStatus');
  const locale = currentLocale();
  const ability = useAppAbility();
  const table = usePostTable();
  const { query: filters, update } = table;
  const list = useListPostsQuery(filters);
  const categories = useListPostCategoriesQuery();
  const [remove] = useDeletePostMutation();
  const [preview, setPreview] = useState<number | null>(null);
  const [managing, setManaging] = useState(false);
  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce<number>((s, n) => s + (n ?? 0), 0);

  const onDelete = async (p: PostRow) => {
    try {
      const answer = await remove(p.id).unwrap();
      void message.success(answer.message ?? t('posts.deleted'));
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('errors.generic'));
    }
  };

  // The 1200 px layout: the title on two lines at most (whole in a tooltip), its slug under it.
  const columns: TableColumnsType<PostRow> = [
    {
      key: 'title',
      title: t('fields.title'),
      sorter: true,
      sortOrder: table.sortOrder('title'),
      render: (_, r) => (
        <Flex gap={10} align="center">
          {r.cover ? (
            <span style={{ flex: 'none', lineHeight: 0 }}>
              <Image
                src={r.cover.thumbnail_url ?? r.cover.url}
                width={56}
                height={36}
                preview={false}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                alt=""
              />
            </span>
          ) : (
            <div
              style={{ width: 56, height: 36, flex: 'none', background: token.colorFillTertiary, borderRadius: 4 }}
            />
          )}
          <Flex vertical style={{ minWidth: 0 }}>
            <CellText text={r.title} rows={2}>
              <Link to={generatePath(paths.adminPost, { id: String(r.id) })} data-testid="post-title">
                {r.title}
              </Link>
            </CellText>
            <CellText text={`/${r.slug}`} secondary />
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'category',
      title: t('fields.category'),
      width: 150,
      render: (_, r) => <CellText text={r.category.path} rows={2} style={{ fontSize: 13 }} />,
    },
    {
      // The status with its time (scheduled for, published at); sorts by the publication time.
      key: 'published_at',
      title: t('fields.publication'),
      width: 140,
      sorter: true,
      sortOrder: table.sortOrder('published_at'),
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Tag color={STATUS_COLOR[r.status]} style={{ width: 'fit-content' }} data-testid="post-status">
            {label('postStatus', r.status)}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(r.status === 'scheduled' ? r.publish_at : r.published_at, locale)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'view_count',
      title: t('fields.views'),
      width: 92,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('view_count'),
      render: (_, r) => r.view_count.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN'),
    },
    updatedAtColumn(t, table.sortOrder, locale),
    contentActionsColumn(t, {
      testId: 'post',
      editTo: (r) => generatePath(paths.adminPost, { id: String(r.id) }),
      onPreview: (r) => setPreview(r.id),
      onDelete: ability.can('manage', 'post') ? onDelete : undefined,
      deleteConfirm: t('posts.deleteConfirm'),
    }),
  ];

  return (
    <>
      <ListPage
        testId="admin-posts"
        title={t('posts.title')}
        query={list}
        extra={
          <Flex gap={8}>
            <Button icon={<FolderOutlined />} onClick={() => setManaging(true)} data-testid="manage-categories">
              {t('categories.title')}
            </Button>
            {ability.can('create', 'post') && (
              <LinkButton to={paths.adminAddPost} type="primary" icon={<PlusOutlined />} data-testid="add-post">
                {t('posts.add')}
              </LinkButton>
            )}
          </Flex>
        }
        filters={
          <Flex vertical gap={12}>
            <FilterBar
              active={table.active}
              onReset={() => update(CLEARED)}
              resetLabel={t('filters.reset')}
              resetTestId="post-filters-reset"
              testId="post-filters"
            >
              <SearchFilter
                enterButton
                value={filters.q}
                onSearch={(q) => update({ q })}
                placeholder={t('posts.search')}
                width={300}
                testId="post-search"
              />
              <CategorySelect
                categories={categories.data ?? []}
                loading={categories.isLoading}
                value={filters.category_id ?? null}
                onChange={(id) => update({ category_id: id ?? undefined })}
                onlyLeaves={false}
                allowClear
                placeholder={t('filters.allCategories')}
                style={{ width: 280 }}
                testId="post-category-filter"
              />
              <SelectFilter
                value={filters.status}
                placeholder={t('filters.allStatuses')}
                width={180}
                options={statusOptions}
                onChange={(status) => update({ status })}
                testId="post-status-filter"
              />
            </FilterBar>
            <Flex gap={8} wrap data-testid="post-status-counts">
              <Tag.CheckableTag checked={!filters.status} onChange={() => update({ status: undefined })}>
                {t('filters.allStatuses')} ({total})
              </Tag.CheckableTag>
              {POST_STATUSES.map((s) => (
                <Tag.CheckableTag
                  key={s}
                  checked={filters.status === s}
                  onChange={() => update({ status: filters.status === s ? undefined : s })}
                  data-testid={`post-count-${s}`}
                >
                  {label('postStatus', s)} ({counts[s] ?? 0})
                </Tag.CheckableTag>
              ))}
            </Flex>
          </Flex>
        }
      >
        <Table<PostRow>
          rowKey="id"
          dataSource={list.data?.posts ?? []}
          loading={list.isFetching}
          data-testid="posts-table"
          onRow={(r) => ({ 'data-testid': 'post-row', 'data-id': r.id, 'data-status': r.status }) as object}
          locale={{
            emptyText: list.isLoading ? ' ' : <Empty description={table.active ? t('noMatch') : t('posts.empty')} />,
          }}
          columns={columns}
          {...fittedTable(columns)}
          {...table.tableProps(list.data?.meta, (n) => t('posts.total', { count: n }))}
        />
      </ListPage>
      <ContentPreview kind="post" id={preview} onClose={() => setPreview(null)} />
      <Drawer
        open={managing}
        onClose={() => setManaging(false)}
        size="large"
        title={t('categories.title')}
        data-testid="categories-drawer"
      >
        {managing && <CategoryManager />}
      </Drawer>
    </>
  );
}
