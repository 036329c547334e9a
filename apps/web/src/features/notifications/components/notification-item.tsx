import { App, Badge, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notification } from '@agrihub/contract/schemas/notifications';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useMarkNotificationReadMutation } from '../api/notifications-api';

/** Opening a notification marks it read and follows its deep link. */
export function useOpenNotification(afterOpen?: () => void) {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [markRead] = useMarkNotificationReadMutation();
  return (n: Notification) => {
    if (!n.read) {
      markRead(n.id)
        .unwrap()
        .catch(() => void message.error(t('errors.markFailed')));
    }
    afterOpen?.();
    if (n.link) void navigate(n.link);
  };
}

/** One notification: unread dot, title, body (line breaks kept), time. A button, opened by click or keyboard. */
export function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation('notifications');
  const { token } = theme.useToken();
  return (
    <Flex
      role="button"
      tabIndex={0}
      gap={10}
      className="notification-item"
      data-testid="notification-item"
      data-read={item.read}
      onClick={() => onOpen(item)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(item);
        }
      }}
      style={{
        padding: '10px 12px',
        cursor: 'pointer',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        // A light tint of the brand: the secondary text keeps 4.5:1 on it (antd's colorPrimaryBg is darker).
        background: item.read ? undefined : `${token.colorPrimary}0f`,
      }}
    >
      <Badge status={item.read ? 'default' : 'processing'} style={{ visibility: item.read ? 'hidden' : 'visible' }} />
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong={!item.read}>
          {/* Read out before the title; the item is named by all it shows (title, text, time). */}
          {!item.read && <span className="sr-only">{t('item.unread')}: </span>}
          {item.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ whiteSpace: 'pre-line' }}>
          {item.body}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(item.created_at, currentLocale())}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
