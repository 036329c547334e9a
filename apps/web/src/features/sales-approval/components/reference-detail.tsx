import { useState } from 'react';
import { Alert, Descriptions, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActivityHistory } from '../../../components/activity-history';
import { QueryError } from '../../../components/query-error';
import { SaleChannelMissing } from '../../../components/sale-channel-missing';
import { SaleChannelRegisterStatusTag, SaleChannelSyncStatusTag } from '../../../components/status-tags';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useGetReferenceQuery, type SyncLogItem } from '../api/sales-approval-api';
import { ChannelName } from './channel-name';
import { ReferenceActions } from './reference-actions';

/**
 * One registration in the drawer: what is registered where, its decision and reason, what the
 * product lacks for the channel today, its sync state and last error, the sync log and the history.
 */
export function ReferenceDetail({ id }: { id: number }) {
  const { t } = useTranslation('sales-approval');
  const label = useEnumLabel();
  const locale = currentLocale();
  const detail = useGetReferenceQuery(id);
  const [historyPage, setHistoryPage] = useState(1);

  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active data-testid="reference-loading" />;
  const { reference: ref, sync_log, history } = detail.data;
  const isProduct = ref.referenceable_type === 'product';

  return (
    <Flex
      vertical
      gap={16}
      data-testid="reference-detail"
      data-status={ref.register_status}
      data-sync={ref.sync_status}
    >
      <ReferenceActions reference={ref} size="middle" />
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label={t('fields.channel')}>
          <ChannelName channel={ref.channel} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.type')}>
          {label('saleChannelReferenceableType', ref.referenceable_type)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.producer')}>{ref.producer.name}</Descriptions.Item>
        {ref.product && (
          <>
            <Descriptions.Item label={t('fields.product')}>{ref.product.name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.gtin')}>{ref.product.gtin ?? '—'}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('fields.registerStatus')}>
          <SaleChannelRegisterStatusTag status={ref.register_status} testId="detail-register-status" />
        </Descriptions.Item>
        {ref.reason && (
          <Descriptions.Item label={t('fields.reason')}>
            <Typography.Text data-testid="detail-reason" style={{ whiteSpace: 'pre-wrap' }}>
              {ref.reason}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {isProduct && (
          <>
            <Descriptions.Item label={t('fields.syncStatus')}>
              <SaleChannelSyncStatusTag status={ref.sync_status} testId="detail-sync-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.lastSynced')}>
              {ref.last_synced_at ? formatDateTime(ref.last_synced_at, locale) : t('never')}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(ref.created_at, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.updatedAt')}>{formatDateTime(ref.updated_at, locale)}</Descriptions.Item>
      </Descriptions>

      {ref.last_error && (
        <Alert
          type="error"
          showIcon
          title={t('detail.lastError')}
          description={ref.last_error}
          data-testid="detail-last-error"
        />
      )}

      {isProduct && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('detail.missing')}
          </Typography.Title>
          {ref.missing.length ? (
            <SaleChannelMissing missing={ref.missing} testId="detail-missing" />
          ) : (
            <Typography.Text type="success" data-testid="detail-ready">
              {t('detail.ready')}
            </Typography.Text>
          )}

          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('detail.syncLog')}
          </Typography.Title>
          <Table<SyncLogItem>
            rowKey="id"
            size="small"
            dataSource={sync_log}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noSync')} /> }}
            data-testid="sync-log"
            columns={[
              {
                key: 'when',
                title: t('fields.when'),
                width: 170,
                render: (_, s) => formatDateTime(s.created_at, locale),
              },
              {
                key: 'status',
                title: t('fields.syncStatus'),
                width: 150,
                render: (_, s) => <SaleChannelSyncStatusTag status={s.status} testId="sync-log-status" />,
              },
              { key: 'actor', title: t('fields.actor'), render: (_, s) => s.actor ?? t('system') },
              { key: 'error', title: t('fields.error'), render: (_, s) => s.error ?? '' },
            ]}
          />
        </>
      )}

      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.history')}
      </Typography.Title>
      <ActivityHistory
        query={{ ...detail, data: { history } }}
        testId="reference-history"
        page={historyPage}
        onPageChange={setHistoryPage}
        subject="sale_channel_reference"
      />
    </Flex>
  );
}
