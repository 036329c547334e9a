import { Suspense, useState, type ReactNode } from 'react';
import { Alert, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import type { SaleChannelReference } from '@agrihub/contract/schemas/sale-channels';
import { useEnumLabel } from '../lib/enums';
import { formatDateTime } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import type { SaleChannelReferenceDetail as Detail } from '../lib/sale-channels-api';
import { ActivityHistory } from './activity-history';
import { ChannelName } from './channel-name';
import { QueryError } from './query-error';
import { SaleChannelMissing } from './sale-channel-missing';
import { SaleChannelSyncLog } from './sale-channel-sync-log';
import { SaleChannelRegisterStatusTag, SaleChannelSyncStatusTag } from './status-tags';

interface DetailQuery {
  data?: Detail;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface Props {
  /** The detail answer (GET …/sale_channel_references/{id}, the producer's or the back office's). */
  query: DetailQuery;
  /** The moves the reader may make on the registration, shown above its facts. */
  actions?: (reference: SaleChannelReference) => ReactNode;
  /** The back office names the producer; the producer's own drawer does not. */
  showProducer?: boolean;
  /** The route of the product's page (`…/:id`) the product's name links to. */
  productPath: string;
}

/**
 * One sales channel registration, as the producer's and the back office's drawers show it: where
 * and what is registered, its decision and reason, its sync state, last sync and last error, what
 * the product lacks for the channel today, the sync log and the history. Loading, error and the
 * namespace's first load (it may not be loaded yet in the back office) are handled here.
 */
export function SaleChannelReferenceDetail(props: Props) {
  return (
    <Suspense fallback={<Skeleton active data-testid="reference-loading" />}>
      <DetailBody {...props} />
    </Suspense>
  );
}

function DetailBody({ query, actions, showProducer = false, productPath }: Props) {
  const { t } = useTranslation('sales-channels');
  const label = useEnumLabel();
  const locale = currentLocale();
  const [historyPage, setHistoryPage] = useState(1);

  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active data-testid="reference-loading" />;
  const { reference: ref, sync_log, history } = query.data;
  const isProduct = ref.referenceable_type === 'product';
  const item = (text: string, children: ReactNode) => (
    <Descriptions.Item key={text} label={text}>
      {children}
    </Descriptions.Item>
  );
  const title = (text: string) => (
    <Typography.Title level={5} style={{ margin: 0 }}>
      {text}
    </Typography.Title>
  );

  return (
    <Flex
      vertical
      gap={16}
      data-testid="reference-detail"
      data-id={ref.id}
      data-status={ref.register_status}
      data-sync={ref.sync_status}
    >
      {actions?.(ref)}
      <Descriptions bordered column={1} size="small">
        {item(t('detail.channel'), <ChannelName channel={ref.channel} />)}
        {item(t('detail.type'), label('saleChannelReferenceableType', ref.referenceable_type))}
        {showProducer && item(t('detail.producer'), ref.producer.name)}
        {ref.product &&
          item(
            t('detail.product'),
            <Link to={generatePath(productPath, { id: String(ref.product.id) })} data-testid="detail-product">
              {ref.product.name}
            </Link>,
          )}
        {ref.product && item(t('detail.gtin'), ref.product.gtin ?? '—')}
        {item(
          t('detail.registerStatus'),
          <SaleChannelRegisterStatusTag status={ref.register_status} testId="detail-register-status" />,
        )}
        {ref.reason &&
          item(
            t('detail.reason'),
            <Typography.Text data-testid="detail-reason" style={{ whiteSpace: 'pre-wrap' }}>
              {ref.reason}
            </Typography.Text>,
          )}
        {isProduct &&
          item(
            t('detail.syncStatus'),
            <SaleChannelSyncStatusTag
              status={ref.sync_status}
              registerStatus={ref.register_status}
              testId="detail-sync-status"
            />,
          )}
        {isProduct &&
          item(
            t('detail.lastSynced'),
            <span data-testid="detail-last-synced">
              {ref.last_synced_at ? formatDateTime(ref.last_synced_at, locale) : t('detail.never')}
            </span>,
          )}
        {item(t('detail.createdAt'), formatDateTime(ref.created_at, locale))}
        {item(t('detail.updatedAt'), formatDateTime(ref.updated_at, locale))}
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
          {title(t('detail.missing'))}
          {ref.missing.length ? (
            <SaleChannelMissing missing={ref.missing} testId="detail-missing" />
          ) : (
            <Typography.Text type="success" data-testid="detail-ready">
              {t('detail.ready')}
            </Typography.Text>
          )}
          {title(t('detail.syncLog'))}
          <SaleChannelSyncLog items={sync_log} />
        </>
      )}

      {title(t('detail.history'))}
      <ActivityHistory
        query={{ ...query, data: { history } }}
        testId="reference-history"
        page={historyPage}
        onPageChange={setHistoryPage}
        subject="sale_channel_reference"
      />
    </Flex>
  );
}
