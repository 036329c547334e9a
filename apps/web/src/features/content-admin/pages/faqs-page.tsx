import { useState } from 'react';
import { App, Button, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Faq } from '@agrihub/contract/schemas/content';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { RowActions } from '../../../components/row-actions';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { currentLocale } from '../../../lib/i18n';
import { updatedAtColumn } from '../lib/columns';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import { useDeleteFaqMutation, useListFaqsQuery } from '../api/content-admin-api';
import { FaqDrawer } from '../components/faq-drawer';
import { htmlText } from '../lib/content-form';
import { useFaqTable, type FaqFilters } from '../lib/list-params';

const CLEARED: Partial<FaqFilters> = { q: undefined, group: undefined, published: undefined };

/**
 * /admin/faqs: the platform's FAQs (public on every platform at /faqs), filtered by group,
 * published and search, ordered by position; created and edited in a drawer, deleted when confirmed.
 */
export function FaqsPage() {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  const locale = currentLocale();
  const ability = useAppAbility();
  const canEdit = ability.can('update', 'post');
  const canDelete = ability.can('manage', 'post');
  const table = useFaqTable();
  const { query: filters, update } = table;
  const list = useListFaqsQuery(filters);
  const [remove] = useDeleteFaqMutation();
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const groups = list.data?.groups ?? [];

  const onDelete = async (f: Faq) => {
    try {
      const answer = await remove(f.id).unwrap();
      void message.success(answer.message ?? t('faqs.deleted'));
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('errors.generic'));
    }
  };

  // The 1200 px layout: the question takes what the others leave, two lines at most, its answer one.
  const columns: TableColumnsType<Faq> = [
    {
      key: 'question',
      title: t('faqs.question'),
      sorter: true,
      sortOrder: table.sortOrder('question'),
      render: (_, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <CellText text={r.question} rows={2} style={{ fontWeight: 600 }} data-testid="faq-question-text" />
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
            {htmlText(r.answer, 160)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'group',
      title: t('faqs.group'),
      width: 160,
      render: (_, r) => (
        <Tag title={r.group} style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {r.group}
        </Tag>
      ),
    },
    {
      key: 'position',
      title: t('faqs.position'),
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('position'),
      render: (_, r) => r.position,
    },
    {
      key: 'published',
      title: t('faqs.published'),
      width: 120,
      render: (_, r) =>
        r.published ? (
          <Tag color="green" data-testid="faq-visibility">
            {t('faqs.shown')}
          </Tag>
        ) : (
          <Tag data-testid="faq-visibility">{t('faqs.hidden')}</Tag>
        ),
    },
    updatedAtColumn(t, table.sortOrder, locale),
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 100,
      render: (_, r) =>
        canEdit && (
          <RowActions
            name={r.question}
            testId="faq"
            onEdit={() => setEditing(r)}
            onDelete={canDelete ? () => onDelete(r) : undefined}
            deleteConfirm={t('faqs.deleteConfirm')}
          />
        ),
    },
  ];

  return (
    <>
      <ListPage
        testId="admin-faqs"
        title={t('faqs.title')}
        query={list}
        extra={
          ability.can('create', 'post') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-faq">
              {t('faqs.add')}
            </Button>
          ) : undefined
        }
        filters={
          <FilterBar
            active={table.active}
            onReset={() => update(CLEARED)}
            resetLabel={t('filters.reset')}
            resetTestId="faq-filters-reset"
            testId="faq-filters"
          >
            <SearchFilter
              enterButton
              value={filters.q}
              onSearch={(q) => update({ q })}
              placeholder={t('faqs.search')}
              width={300}
              testId="faq-search"
            />
            <SelectFilter
              value={filters.group}
              placeholder={t('faqs.allGroups')}
              width={240}
              showSearch
              options={groups.map((g) => ({ value: g, label: g }))}
              onChange={(group) => update({ group })}
              testId="faq-group-filter"
            />
            <SelectFilter
              value={filters.published}
              placeholder={t('faqs.allVisibility')}
              width={180}
              options={[
                { value: 'true', label: t('faqs.shown') },
                { value: 'false', label: t('faqs.hidden') },
              ]}
              onChange={(published) => update({ published })}
              testId="faq-published-filter"
            />
          </FilterBar>
        }
      >
        <Table<Faq>
          rowKey="id"
          dataSource={list.data?.faqs ?? []}
          loading={list.isFetching}
          data-testid="faqs-table"
          onRow={(r) => ({ 'data-testid': 'faq-row', 'data-id': r.id }) as object}
          locale={{
            emptyText: list.isLoading ? ' ' : <Empty description={table.active ? t('noMatch') : t('faqs.empty')} />,
          }}
          columns={columns}
          {...fittedTable(columns)}
          {...table.tableProps(list.data?.meta, (n) => t('faqs.total', { count: n }))}
        />
      </ListPage>
      <FaqDrawer editing={editing} groups={groups} defaultGroup={filters.group} onClose={() => setEditing(null)} />
    </>
  );
}
