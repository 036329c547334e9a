import { useState } from 'react';
import { App, Badge, Button, Empty, Flex, Popover, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import {
  NOTIFICATIONS_POLL_MS,
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useUnreadNotificationCountQuery,
} from '../api/notifications-api';
import { NotificationItem, useOpenNotification } from './notification-item';

/** How many of the latest notifications the bell's list shows. */
const LATEST = 8;
/** Keeps polling, but only while the tab is in use, and refetches when the user comes back to it. */
const LIVE = { pollingInterval: NOTIFICATIONS_POLL_MS, skipPollingIfUnfocused: true, refetchOnFocus: true } as const;

/** The top bar's bell: unread count, and a list of the latest notifications with "mark all read". */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  // Until a forced password change is done the server refuses everything else: no polling.
  const mustChangePassword = useAppSelector((s) => s.user.required_change_password);
  const count = useUnreadNotificationCountQuery(undefined, { ...LIVE, skip: mustChangePassword });
  const unread = count.data ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      // On a phone the bell is not at the right edge: styles.css pins the list 12 px from the left.
      rootClassName="notification-popover-root"
      arrow={false}
      styles={{ container: { padding: 0 } }}
      // Rendered when first opened and unmounted when closed: the list is only asked for while seen.
      content={<LatestList onClose={() => setOpen(false)} />}
      destroyOnHidden
    >
      <Button
        type="text"
        data-testid="notification-bell"
        aria-label={unread ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notification-count">
            <BellOutlined aria-hidden style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}

function LatestList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const latest = useListNotificationsQuery({ page: 1, per_page: LATEST }, LIVE);
  const [markAll, marking] = useMarkAllNotificationsReadMutation();
  const openOne = useOpenNotification(onClose);
  const items = latest.data?.notifications ?? [];
  const anyUnread = items.some((n) => !n.read);

  const readAll = () =>
    markAll()
      .unwrap()
      .catch((error: unknown) => void message.error(isApiError(error) ? error.message : t('errors.markFailed')));

  return (
    <Flex vertical style={{ width: 'min(380px, calc(100vw - 24px))' }} data-testid="notification-popover">
      <Flex justify="space-between" align="center" style={{ padding: '10px 12px', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Button
          type="link"
          size="small"
          disabled={!anyUnread}
          loading={marking.isLoading}
          onClick={() => void readAll()}
          data-testid="notifications-read-all"
        >
          {t('actions.markAllRead')}
        </Button>
      </Flex>
      <div style={{ maxHeight: 420, overflowY: 'auto' }}>
        {latest.isLoading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : latest.isError ? (
          <QueryError error={latest.error} onRetry={() => void latest.refetch()} />
        ) : items.length ? (
          items.map((n) => <NotificationItem key={n.id} item={n} onOpen={openOne} />)
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} style={{ padding: 16 }} />
        )}
      </div>
      <Flex justify="center" style={{ padding: 8, borderTop: '1px solid #f0f0f0' }}>
        <Link to={paths.notifications} onClick={onClose} data-testid="notifications-view-all">
          {t('bell.viewAll')}
        </Link>
      </Flex>
    </Flex>
  );
}
