import { App, Button, Card, Empty, Flex, Pagination, Segmented, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import {
  NOTIFICATIONS_POLL_MS,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
} from '../api/notifications-api';
import { NotificationItem, useOpenNotification } from '../components/notification-item';

const PER_PAGE = 20;

/** /notifications: every notification of the user, newest first, paged, with an unread filter (kept in the URL). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const unread = search.get('filter') === 'unread';
  const list = useListNotificationsQuery(
    { page, per_page: PER_PAGE, unread },
    { pollingInterval: NOTIFICATIONS_POLL_MS, skipPollingIfUnfocused: true, refetchOnFocus: true },
  );
  const [markAll, marking] = useMarkAllNotificationsReadMutation();
  const openOne = useOpenNotification();
  const items = list.data?.notifications ?? [];

  const go = (next: { page?: number; unread?: boolean }) => {
    const params = new URLSearchParams();
    if (next.unread ?? unread) params.set('filter', 'unread');
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearch(params);
  };

  const readAll = () =>
    markAll()
      .unwrap()
      .then((n) => void message.success(t('list.allRead', { count: n })))
      .catch((error: unknown) => void message.error(isApiError(error) ? error.message : t('errors.markFailed')));

  return (
    <Flex vertical gap={16} data-testid="notifications-page">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Button loading={marking.isLoading} onClick={() => void readAll()} data-testid="notifications-page-read-all">
          {t('actions.markAllRead')}
        </Button>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <Segmented
            value={unread ? 'unread' : 'all'}
            onChange={(v) => go({ unread: v === 'unread' })}
            options={[
              { value: 'all', label: t('list.filterAll') },
              { value: 'unread', label: t('list.filterUnread') },
            ]}
            data-testid="notifications-filter"
            style={{ alignSelf: 'flex-start' }}
          />
          {list.isLoading ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin />
            </Flex>
          ) : list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : items.length ? (
            <div style={{ borderTop: '1px solid #f0f0f0' }} data-testid="notifications-list">
              {items.map((n) => (
                <NotificationItem key={n.id} item={n} onOpen={openOne} />
              ))}
            </div>
          ) : (
            <Empty description={unread ? t('list.emptyUnread') : t('list.empty')} data-testid="notifications-empty" />
          )}
          {list.data && list.data.meta.total_count > PER_PAGE ? (
            <Pagination
              align="end"
              current={page}
              pageSize={PER_PAGE}
              total={list.data.meta.total_count}
              showSizeChanger={false}
              showTotal={(total) => t('list.total', { count: total })}
              onChange={(p) => go({ page: p })}
            />
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}
