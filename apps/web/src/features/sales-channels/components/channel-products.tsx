import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, ProfileOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { CellText } from '../../../components/cell-text';
import { fittedTable } from '../../../lib/table-layout';
import {
  SALE_CHANNEL_REGISTER_STATUSES,
  SALE_CHANNEL_SYNC_STATUSES,
  type SaleChannel,
  type SaleChannelReference,
  type SaleChannelRegisterStatus,
  type SaleChannelSyncStatus,
} from '@agrihub/contract/schemas/sale-channels';
import { QueryError } from '../../../components/query-error';
import { SaleChannelMissing } from '../../../components/sale-channel-missing';
import { SaleChannelRegisterStatusTag, SaleChannelSyncStatusTag } from '../../../components/status-tags';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useListSaleChannelReferencesQuery, useResyncOutOfDateMutation } from '../api/sales-channels-api';
import { RegisterProductsModal } from './register-products-modal';
import { ReferenceMoves, useReferenceSubject } from './reference-moves';

const PER_PAGE = 10;

/**
 * One channel's products: the producer's product registrations with their approval and sync status,
 * last sync, last error and what each product lacks today; open one's detail (sync log, history),
 * sync one, resync the channel's out-of-date ones, close or send again; and "register products"
 * (the readiness modal).
 */
export function ChannelProducts({ channel, onOpen }: { channel: SaleChannel; onOpen: (id: number) => void }) {
  const { t } = useTranslation(['sales-channels', 'common']);
  const label = useEnumLabel();
  const { modal, message } = App.useApp();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const [registerStatus, setRegisterStatus] = useState<SaleChannelRegisterStatus>();
  const [syncStatus, setSyncStatus] = useState<SaleChannelSyncStatus>();
  const [registering, setRegistering] = useState(false);
  const list = useListSaleChannelReferencesQuery(
    {
      channel_id: channel.id,
      referenceable_type: 'product',
      register_status: registerStatus,
      sync_status: syncStatus,
      page,
      per_page: PER_PAGE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const subject = useReferenceSubject();
  const [resync, resyncState] = useResyncOutOfDateMutation();
  const counts = list.data?.meta.counts;
  const outOfDate = counts?.sync_status.out_of_date ?? 0;

  const onResync = () =>
    modal.confirm({
      title: t('sales-channels:products.resyncTitle', { channel: channel.name }),
      content: t('sales-channels:products.resyncWarning', { n: outOfDate }),
      okText: t('sales-channels:products.resync'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'sale-channel-resync-confirm' },
      onOk: async () => {
        try {
          const done = await resync({ channel_id: channel.id }).unwrap();
          const note = done.message || t('sales-channels:products.resynced');
          // Some could not be synced (what each lacks is on its row): a warning, not a success.
          void (done.failed ? message.warning(note) : message.success(note));
        } catch (e) {
          void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
        }
      },
    });

  const columns: TableColumnsType<SaleChannelReference> = [
    {
      title: t('sales-channels:products.product'),
      key: 'product',
      render: (_, r) =>
        r.product && (
          <div>
            <CellText text={r.product.name} rows={2}>
              <Link to={generatePath(paths.product, { id: String(r.product.id) })}>{r.product.name}</Link>
            </CellText>
            {r.product.gtin && <CellText text={`GTIN ${r.product.gtin}`} secondary />}
          </div>
        ),
    },
    {
      title: t('sales-channels:products.registerStatus'),
      key: 'register_status',
      width: 160,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <SaleChannelRegisterStatusTag status={r.register_status} />
          {r.reason && (r.register_status === 'rejected' || r.register_status === 'closed') && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="sale-channel-reason">
              {t('sales-channels:channel.reason', { reason: r.reason })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('sales-channels:products.syncStatus'),
      key: 'sync_status',
      width: 190,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <SaleChannelSyncStatusTag status={r.sync_status} registerStatus={r.register_status} />
          {(r.last_synced_at || r.sync_status !== 'not_synced') && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="sale-channel-last-synced">
              {r.last_synced_at
                ? t('sales-channels:products.lastSynced', { at: formatDateTime(r.last_synced_at, locale) })
                : t('sales-channels:products.neverSynced')}
            </Typography.Text>
          )}
          {r.last_error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="sale-channel-last-error">
              {t('sales-channels:products.lastError', { error: r.last_error })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('sales-channels:products.missing'),
      key: 'missing',
      render: (_, r) =>
        r.missing.length ? (
          <SaleChannelMissing missing={r.missing} />
        ) : (
          <Typography.Text type="secondary">{t('sales-channels:products.nothingMissing')}</Typography.Text>
        ),
    },
    {
      title: t('sales-channels:products.actions'),
      key: 'actions',
      width: 176,
      render: (_, r) => (
        <Flex gap={6} wrap>
          <Button
            size="small"
            icon={<ProfileOutlined />}
            onClick={() => onOpen(r.id)}
            data-testid="sale-channel-reference-open"
          >
            {t('sales-channels:detail.open')}
          </Button>
          <ReferenceMoves size="small" reference={r} subject={subject(r)} />
        </Flex>
      ),
    },
  ];

  const withCount = (n: number | undefined, text: string) => (n === undefined ? text : `${text} (${n})`);
  const filtered = !!registerStatus || !!syncStatus;

  return (
    <Card
      title={t('sales-channels:products.title', { channel: channel.name })}
      data-testid="channel-products"
      data-channel={channel.code}
      extra={
        <Space wrap>
          <Button
            icon={<SyncOutlined />}
            disabled={!outOfDate || !channel.active}
            loading={resyncState.isLoading}
            onClick={onResync}
            data-testid="sale-channel-resync-channel"
          >
            {t('sales-channels:products.resyncCount', { n: outOfDate })}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!channel.active}
            onClick={() => setRegistering(true)}
            data-testid="register-products"
          >
            {t('sales-channels:products.register')}
          </Button>
        </Space>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select<SaleChannelRegisterStatus>
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('sales-channels:products.registerStatus')}
          aria-label={t('sales-channels:products.registerStatus')}
          value={registerStatus}
          onChange={(v) => {
            setRegisterStatus(v);
            setPage(1);
          }}
          options={SALE_CHANNEL_REGISTER_STATUSES.map((s) => ({
            value: s,
            label: withCount(
              counts?.register_status[s] ?? (counts ? 0 : undefined),
              label('saleChannelRegisterStatus', s),
            ),
          }))}
          data-testid="filter-register-status"
        />
        <Select<SaleChannelSyncStatus>
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('sales-channels:products.syncStatus')}
          aria-label={t('sales-channels:products.syncStatus')}
          value={syncStatus}
          onChange={(v) => {
            setSyncStatus(v);
            setPage(1);
          }}
          options={SALE_CHANNEL_SYNC_STATUSES.map((s) => ({
            value: s,
            label: withCount(counts?.sync_status[s] ?? (counts ? 0 : undefined), label('saleChannelSyncStatus', s)),
          }))}
          data-testid="filter-sync-status"
        />
      </Flex>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<SaleChannelReference>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.references ?? []}
          loading={list.isFetching}
          {...fittedTable(columns, { flexMin: 150 })}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('sales-channels:products.noMatch') : t('sales-channels:products.empty')}
              >
                {!filtered && channel.active && (
                  <Button type="primary" onClick={() => setRegistering(true)}>
                    {t('sales-channels:products.register')}
                  </Button>
                )}
              </Empty>
            ),
          }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: list.data?.meta.total_count ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          onRow={(r) =>
            ({ 'data-testid': 'sale-channel-reference', 'data-id': r.id }) as React.HTMLAttributes<HTMLElement>
          }
        />
      )}
      <RegisterProductsModal channel={channel} open={registering} onClose={() => setRegistering(false)} />
    </Card>
  );
}
