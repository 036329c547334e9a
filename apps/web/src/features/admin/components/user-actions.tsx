import { App, Button, Card, Descriptions, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { FolderAddOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@agrihub/contract/schemas/admin-users';
import { accountChangeRefusal, deactivateRefusal, type UserAdminActor } from '@agrihub/contract/user-admin';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import {
  useCreateUserFolderMutation,
  useDeactivateAdminUserMutation,
  useReactivateAdminUserMutation,
  useResetAdminUserPasswordMutation,
} from '../api/admin-users-api';

/** Active or deactivated, as a tag. */
export function UserActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={active ? 'green' : 'default'} data-testid="user-active" data-active={active}>
      {active ? t('users.active') : t('users.inactive')}
    </Tag>
  );
}

/** Only http(s) links are opened from the page; a local folder's file:// link is shown to copy. */
const openable = (url: string) => /^https?:\/\//i.test(url);

/**
 * The account's state and what may be done to it: deactivate (sessions end at once) or
 * reactivate, reset the password, the document folder (made once, its link shown). Each is
 * confirmed; a rule that refuses it (the editor's own account, an admin's account, an account
 * with a right the editor lacks, a producer's user's password) disables it with the reason.
 */
export function UserActions({ user, actor }: { user: AdminUser; actor: UserAdminActor }) {
  const { t } = useTranslation(['admin', 'validation', 'common']);
  const { message } = App.useApp();
  const ability = useAppAbility();
  const locale = currentLocale();
  const [deactivate, deactivating] = useDeactivateAdminUserMutation();
  const [reactivate, reactivating] = useReactivateAdminUserMutation();
  const [reset, resetting] = useResetAdminUserPasswordMutation();
  const [makeFolder, making] = useCreateUserFolderMutation();
  const canUpdate = ability.can('update', 'user');
  // One contract rule decides each act (ADR 018, 032): what it refuses is shown off, with the reason.
  const offRefusal = deactivateRefusal(actor, user);
  const onRefusal = accountChangeRefusal(actor, user, 'reactivate');
  const resetRefusal = accountChangeRefusal(actor, user, 'reset_password');
  const folderRefusal = accountChangeRefusal(actor, user, 'create_folder');

  const run = async (action: () => Promise<{ message?: string }>) => {
    try {
      const answer = await action();
      if (answer.message) void message.success(answer.message);
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  /** A confirmed action button, or the same disabled with the reason it is refused. */
  const guarded = (
    refusal: string | null,
    button: (disabled: boolean) => React.ReactElement,
    confirm: { title: string; ok: string; onConfirm: () => void; testId: string; danger?: boolean },
  ) => {
    if (!canUpdate) return null;
    if (refusal) {
      return (
        <Tooltip title={t(`validation:${refusal}`)}>
          <span data-testid={`${confirm.testId}-locked`}>{button(true)}</span>
        </Tooltip>
      );
    }
    return (
      <Popconfirm
        title={confirm.title}
        okText={confirm.ok}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: confirm.danger, 'data-testid': `${confirm.testId}-confirm` }}
        onConfirm={confirm.onConfirm}
      >
        {button(false)}
      </Popconfirm>
    );
  };

  const folder = user.document_folder;
  return (
    <Flex vertical gap={16}>
      <Card title={t('admin:user.stateCard')} data-testid="user-actions">
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'active', label: t('admin:user.fields.active'), children: <UserActiveTag active={user.active} /> },
            ...(user.deactivated_at
              ? [
                  {
                    key: 'deactivated_at',
                    label: t('admin:user.deactivatedAt'),
                    children: formatDateTime(user.deactivated_at, locale),
                  },
                ]
              : []),
            {
              key: 'password',
              label: t('admin:user.mustChangePassword'),
              children: user.required_change_password ? t('common:activity.yes') : t('common:activity.no'),
            },
            {
              key: 'created_at',
              label: t('admin:users.columns.createdAt'),
              children: formatDateTime(user.created_at, locale),
            },
          ]}
        />
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          {user.active
            ? guarded(
                offRefusal,
                (disabled) => (
                  <Button danger disabled={disabled} loading={deactivating.isLoading} data-testid="user-deactivate">
                    {t('admin:user.deactivate')}
                  </Button>
                ),
                {
                  title: t('admin:user.deactivateConfirm', { name: user.name }),
                  ok: t('admin:user.deactivate'),
                  danger: true,
                  testId: 'user-deactivate',
                  onConfirm: () => void run(() => deactivate(user.id).unwrap()),
                },
              )
            : guarded(
                onRefusal,
                (disabled) => (
                  <Button
                    type="primary"
                    disabled={disabled}
                    loading={reactivating.isLoading}
                    data-testid="user-reactivate"
                  >
                    {t('admin:user.reactivate')}
                  </Button>
                ),
                {
                  title: t('admin:user.reactivateConfirm', { name: user.name }),
                  ok: t('admin:user.reactivate'),
                  testId: 'user-reactivate',
                  onConfirm: () => void run(() => reactivate(user.id).unwrap()),
                },
              )}
          {user.active &&
            guarded(
              resetRefusal,
              (disabled) => (
                <Button disabled={disabled} loading={resetting.isLoading} data-testid="user-reset-password">
                  {t('admin:user.resetPassword')}
                </Button>
              ),
              {
                title: t('admin:user.resetPasswordConfirm', { email: user.email }),
                ok: t('admin:user.resetPassword'),
                testId: 'user-reset-password',
                onConfirm: () => void run(() => reset(user.id).unwrap()),
              },
            )}
        </Flex>
      </Card>
      <Card title={t('admin:user.folderCard')} data-testid="user-folder">
        {folder ? (
          <Flex vertical gap={8}>
            {openable(folder.url) ? (
              <Typography.Link
                href={folder.url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="user-folder-link"
              >
                <FolderOpenOutlined /> {t('admin:user.openFolder')}
              </Typography.Link>
            ) : (
              <Typography.Text
                copyable={{ text: folder.url }}
                data-testid="user-folder-link"
                style={{ wordBreak: 'break-all' }}
              >
                <FolderOpenOutlined /> {folder.url}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">{t('admin:user.folderHint')}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Paragraph type="secondary">{t('admin:user.noFolder')}</Typography.Paragraph>
        )}
        {canUpdate && (
          <Tooltip title={folderRefusal ? t(`validation:${folderRefusal}`) : undefined}>
            <span>
              <Button
                icon={<FolderAddOutlined />}
                disabled={!!folderRefusal}
                loading={making.isLoading}
                onClick={() => void run(() => makeFolder(user.id).unwrap())}
                data-testid="user-folder-create"
                style={{ marginTop: 8 }}
              >
                {folder ? t('admin:user.checkFolder') : t('admin:user.createFolder')}
              </Button>
            </span>
          </Tooltip>
        )}
      </Card>
    </Flex>
  );
}
