import { useState } from 'react';
import { App, Button, Drawer, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SettingOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  SALE_CHANNEL_REGISTER_STATUSES,
  SALE_CHANNEL_SYNC_STATUSES,
  type ReferenceableType,
  type SaleChannelReference,
} from '@agrihub/contract/schemas/sale-channels';
import { ExportButtons } from '../../../components/export-buttons';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { SaleChannelMissing } from '../../../components/sale-channel-missing';
import { SaleChannelRegisterStatusTag, SaleChannelSyncStatusTag } from '../../../components/status-tags';
import { paths } from '../../../config/paths';
import { AppCan } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import {
  useListAdminChannelsQuery,
  useListReferencesQuery,
  useResyncOutOfDateMutation,
} from '../api/sales-approval-api';
import { exportSearch, referenceQuery, useReferenceTable, type ReferenceOwnFilters } from '../lib/list-params';
import { BulkActions } from './bulk-actions';
import { ChannelName } from '../../../components/channel-name';
import { ReferenceActions } from './reference-actions';
import { ReferenceDetail } from './reference-detail';
import { LinkButton } from '../../../components/link-button';

const CLEARED: Partial<ReferenceOwnFilters & { q: string }> = {
  q: undefined,
  channel_id: undefined,
  register_status: undefined,
  sync_status: undefined,
};

/**
 * The back office's sales channel registrations of one kind (the producers' shops, or products):
 * filters (channel, register status, sync status, accent-free search) and counters per status in
 * the URL, server paging, per-row decisions, a bulk decision on the selected rows, the XLSX
 * export, and a drawer with the registration's detail.
 */
export function ApprovalList({ type }: { type: ReferenceableType }) {
  const { t } = useTranslation('sales-approval');
  const { modal, message } = App.useApp();
  const label = useEnumLabel();
  const registerOptions = useEnumOptions('saleChannelRegisterStatus');
  const syncOptions = useEnumOptions('saleChannelSyncStatus');
  const locale = currentLocale();
  const table = useReferenceTable();
  const { query: filters, update } = table;
  const list = useListReferencesQuery(referenceQuery(filters, type));
  const channels = useListAdminChannelsQuery();
  const [resync, resyncing] = useResyncOutOfDateMutation();
  const [selected, setSelected] = useState<number[]>([]);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('open')) || null;
  const isProduct = type === 'product';
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('open', String(id));
    else next.delete('open');
    setParams(next);
  };
  const counts = list.data?.counts ?? { register_status: {}, sync_status: {} };
  const total = Object.values(counts.register_status).reduce<number>((s, n) => s + (n ?? 0), 0);
  const channelOptions = (channels.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  const runResync = () =>
    modal.confirm({
      title: t('resync.title'),
      content: t('resync.content'),
      okText: t('resync.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { 'data-testid': 'confirm-resync' },
      onOk: () =>
        resync({ channel_id: filters.channel_id, q: filters.q })
          .unwrap()
          .then((r) => void (r.failed ? message.warning(r.message ?? '') : message.success(r.message ?? t('done'))))
          .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic'))),
    });

  const countTags = (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center" data-testid="register-status-counts">
        <Typography.Text type="secondary">{t('filters.registerStatus')}:</Typography.Text>
        <Tag.CheckableTag checked={!filters.register_status} onChange={() => update({ register_status: undefined })}>
          {t('filters.all')} ({total})
        </Tag.CheckableTag>
        {SALE_CHANNEL_REGISTER_STATUSES.map((s) => (
          <Tag.CheckableTag
            key={s}
            checked={filters.register_status === s}
            onChange={() => update({ register_status: filters.register_status === s ? undefined : s })}
            data-testid={`register-count-${s}`}
          >
            {label('saleChannelRegisterStatus', s)} ({counts.register_status[s] ?? 0})
          </Tag.CheckableTag>
        ))}
      </Flex>
      {isProduct && (
        <Flex gap={8} wrap align="center" data-testid="sync-status-counts">
          <Typography.Text type="secondary">{t('filters.syncStatus')}:</Typography.Text>
          {SALE_CHANNEL_SYNC_STATUSES.map((s) => (
            <Tag.CheckableTag
              key={s}
              checked={filters.sync_status === s}
              onChange={() => update({ sync_status: filters.sync_status === s ? undefined : s })}
              data-testid={`sync-count-${s}`}
            >
              {label('saleChannelSyncStatus', s)} ({counts.sync_status[s] ?? 0})
            </Tag.CheckableTag>
          ))}
        </Flex>
      )}
    </Flex>
  );

  // The 1200 px layout: the product (two lines), its GTIN and producer (one line) and what it lacks
  // take what the fixed columns leave; a reason is cut to one line (whole in a tooltip).
  const columns: TableColumnsType<SaleChannelReference> = [
    { key: 'channel', title: t('fields.channel'), width: 128, render: (_, r) => <ChannelName channel={r.channel} /> },
    ...(isProduct
      ? [
          {
            key: 'product',
            title: t('fields.productProducer'),
            render: (_: unknown, r: SaleChannelReference) => {
              const detail = `${r.product?.gtin ? `GTIN ${r.product.gtin}` : t('noGtin')} · ${r.producer.name}`;
              return (
                <Flex vertical gap={2}>
                  <CellText text={r.product?.name ?? ''} rows={2} style={{ fontWeight: 600 }} />
                  <CellText text={detail} secondary />
                  <SaleChannelMissing missing={r.missing} testId="row-missing" />
                </Flex>
              );
            },
          },
        ]
      : [
          {
            key: 'producer',
            title: t('fields.producer'),
            render: (_: unknown, r: SaleChannelReference) => (
              <CellText text={r.producer.name} rows={2} style={{ fontWeight: 600 }} />
            ),
          },
        ]),
    {
      key: 'register_status',
      title: t('fields.registerStatus'),
      width: 136,
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <SaleChannelRegisterStatusTag status={r.register_status} testId="row-register-status" />
          {r.reason && <CellText text={r.reason} secondary />}
        </Flex>
      ),
    },
    ...(isProduct
      ? [
          {
            key: 'last_synced_at',
            title: t('fields.syncStatus'),
            width: 140,
            sorter: true,
            sortOrder: table.sortOrder('last_synced_at'),
            render: (_: unknown, r: SaleChannelReference) => (
              <Flex vertical gap={2} align="start">
                <SaleChannelSyncStatusTag
                  status={r.sync_status}
                  registerStatus={r.register_status}
                  testId="row-sync-status"
                />
                {r.last_synced_at && <CellText text={formatDateTime(r.last_synced_at, locale)} secondary />}
              </Flex>
            ),
          },
        ]
      : []),
    {
      key: 'created_at',
      title: t('fields.createdAt'),
      width: 108,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_, r) => formatDateTime(r.created_at, locale),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 88,
      render: (_, r) => <ReferenceActions reference={r} compact />,
    },
  ];

  return (
    <>
      <ListPage
        testId={isProduct ? 'product-sales-approval' : 'sales-approval'}
        title={t(isProduct ? 'title.product' : 'title.producer')}
        query={list}
        extra={
          <Space wrap>
            <LinkButton to={paths.adminSaleChannels} data-testid="channels-settings-link" icon={<SettingOutlined />}>
              {t('channelsLink')}
            </LinkButton>
            {isProduct && (
              <AppCan I="update" a="sale_channel_reference">
                <Button
                  icon={<SyncOutlined />}
                  loading={resyncing.isLoading}
                  onClick={runResync}
                  data-testid="resync-out-of-date"
                >
                  {t('resync.button')}
                </Button>
              </AppCan>
            )}
            <ExportButtons
              ns="sales-approval"
              url={(mode) => `/api/v1/sale_channel_references/export?${exportSearch(filters, type, mode)}`}
              fallbackName="dang-ky-kenh-ban.xlsx"
              selectedCount={0}
              filterBody={() => ({})}
            />
          </Space>
        }
        filters={
          <Flex vertical gap={12}>
            <FilterBar
              active={table.active}
              onReset={() => update(CLEARED)}
              resetLabel={t('filters.reset')}
              resetTestId="reference-filters-reset"
              testId="reference-filters"
            >
              <SearchFilter
                enterButton
                value={filters.q}
                onSearch={(q) => update({ q })}
                placeholder={t(isProduct ? 'filters.searchProduct' : 'filters.searchProducer')}
                width={300}
                testId="reference-search"
              />
              <SelectFilter
                value={filters.channel_id}
                placeholder={t('filters.allChannels')}
                width={200}
                loading={channels.isLoading}
                options={channelOptions}
                onChange={(channel_id) => update({ channel_id })}
                testId="reference-channel-filter"
              />
              <SelectFilter
                value={filters.register_status}
                placeholder={t('filters.allRegisterStatuses')}
                width={180}
                options={registerOptions}
                onChange={(register_status) => update({ register_status })}
                testId="reference-register-filter"
              />
              {isProduct && (
                <SelectFilter
                  value={filters.sync_status}
                  placeholder={t('filters.allSyncStatuses')}
                  width={180}
                  options={syncOptions}
                  onChange={(sync_status) => update({ sync_status })}
                  testId="reference-sync-filter"
                />
              )}
            </FilterBar>
            {countTags}
            {selected.length > 0 && <BulkActions ids={selected} onDone={() => setSelected([])} />}
          </Flex>
        }
      >
        <Table<SaleChannelReference>
          rowKey="id"
          dataSource={list.data?.references ?? []}
          loading={list.isFetching}
          data-testid="references-table"
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            preserveSelectedRowKeys: true,
            columnWidth: COL.selection,
          }}
          onRow={(r) =>
            ({
              'data-testid': 'reference-row',
              'data-id': r.id,
              'data-status': r.register_status,
              onClick: () => open(r.id),
              style: { cursor: 'pointer' },
            }) as object
          }
          locale={{
            emptyText: list.isLoading ? ' ' : <Empty description={table.active ? t('noMatch') : t('empty')} />,
          }}
          {...fittedTable(columns, { selection: true })}
          columns={columns}
          {...table.tableProps(list.data?.meta, (n) => t('total', { count: n }))}
        />
      </ListPage>
      <Drawer
        open={!!openId}
        onClose={() => open(null)}
        size="large"
        title={t('detail.title')}
        destroyOnHidden
        data-testid="reference-drawer"
      >
        {openId && <ReferenceDetail id={openId} />}
      </Drawer>
    </>
  );
}
