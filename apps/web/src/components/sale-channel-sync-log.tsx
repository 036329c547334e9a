import { Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import type { SyncLogItem } from '../lib/sale-channels-api';
import { SaleChannelSyncStatusTag } from './status-tags';

/** A registration's sync log, newest first: when, the state it left, who sent it (or the system) and the channel's error. */
export function SaleChannelSyncLog({ items }: { items: SyncLogItem[] }) {
  const { t } = useTranslation('sales-channels');
  const locale = currentLocale();
  return (
    <Table<SyncLogItem>
      rowKey="id"
      size="small"
      dataSource={items}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('syncLog.empty')} /> }}
      data-testid="sync-log"
      onRow={(s) => ({ 'data-testid': 'sync-log-row', 'data-status': s.status }) as object}
      columns={[
        {
          key: 'when',
          title: t('syncLog.when'),
          width: 170,
          render: (_, s) => formatDateTime(s.created_at, locale),
        },
        {
          key: 'status',
          title: t('syncLog.status'),
          width: 150,
          render: (_, s) => <SaleChannelSyncStatusTag status={s.status} testId="sync-log-status" />,
        },
        {
          key: 'actor',
          title: t('syncLog.actor'),
          render: (_, s) => s.actor ?? <Typography.Text type="secondary">{t('syncLog.system')}</Typography.Text>,
        },
        {
          key: 'error',
          title: t('syncLog.error'),
          render: (_, s) =>
            s.error && (
              <Typography.Text type="danger" data-testid="sync-log-error">
                {s.error}
              </Typography.Text>
            ),
        },
      ]}
    />
  );
}
