import { App, Button, Card, Flex, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { AppCan } from '../../../lib/ability';
import { isSuperAdmin } from '@agrihub/contract/permissions';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import {
  useListServiceRequestsQuery,
  useLockAllServiceRequestsMutation,
  useLockServiceRequestMutation,
  type AdminServiceRequest,
} from '../api/services-approval-api';
import { RequestFiltersBar } from '../components/request-filters';
import { RequestsTable } from '../components/requests-table';
import { useRequestTable, type RequestListKind } from '../lib/list-params';

/** Lock or unlock one request, confirmed (a locked request is read-only for everyone). */
function LockOne({ request, lock }: { request: AdminServiceRequest; lock: boolean }) {
  const { t } = useTranslation('services-approval');
  const { modal, message } = App.useApp();
  const [run] = useLockServiceRequestMutation();
  const user = useAppSelector((s) => s.user.user);
  const key = lock ? 'lock' : 'unlock';
  // Only an administrator (role admin) unlocks; the server refuses anyone else.
  if (!lock && !isSuperAdmin(user)) return null;
  const open = () =>
    modal.confirm({
      title: t(`${key}.oneTitle`, { id: request.id }),
      content: t(`${key}.oneContent`, { service: request.service.title, producer: request.producer.name }),
      okText: t(`actions.${key}`),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: lock, 'data-testid': `confirm-${key}` },
      onOk: () =>
        run({ id: request.id, lock })
          .unwrap()
          .then((a) => void message.success(a.message ?? t(`${key}.done`)))
          .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic'))),
    });
  return (
    <AppCan I="update" a="user_register_service">
      <Button size="small" danger={lock} icon={lock ? <LockOutlined /> : <UnlockOutlined />} onClick={open} data-testid={`${key}-request`}>
        {t(`actions.${key}`)}
      </Button>
    </AppCan>
  );
}

function LockList({ kind }: { kind: Exclude<RequestListKind, 'all'> }) {
  const { t } = useTranslation('services-approval');
  const { modal, message } = App.useApp();
  const table = useRequestTable(kind);
  const list = useListServiceRequestsQuery(table.query);
  const [lockAll] = useLockAllServiceRequestsMutation();
  const lock = kind === 'lockable';
  const total = list.data?.meta.total_count ?? 0;

  const confirmLockAll = () =>
    modal.confirm({
      title: t('lock.allTitle', { count: total }),
      content: t(table.active ? 'lock.allFiltered' : 'lock.allEverything'),
      okText: t('actions.lockAll'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-lock-all' },
      onOk: () =>
        lockAll(table.query)
          .unwrap()
          .then((a) => void message.success(a.message ?? t('lock.allDone', { count: a.locked })))
          .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic'))),
    });

  return (
    <Flex vertical gap={16} data-testid={lock ? 'lock-services-approval' : 'locked-services-approval'}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(lock ? 'lock.title' : 'unlock.title')}
        </Typography.Title>
        {lock && (
          <AppCan I="update" a="user_register_service">
            <Button danger icon={<LockOutlined />} disabled={!total} onClick={confirmLockAll} data-testid="lock-all">
              {t(table.active ? 'actions.lockAllFiltered' : 'actions.lockAll')}
            </Button>
          </AppCan>
        )}
      </Flex>
      <Typography.Text type="secondary">{t(lock ? 'lock.hint' : 'unlock.hint')}</Typography.Text>
      <Card>
        <Flex vertical gap={16}>
          <RequestFiltersBar filters={table.query} active={table.active} update={table.update} />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <RequestsTable
              table={table}
              list={list}
              testId={lock ? 'lockable-table' : 'locked-table'}
              action={(r) => <LockOne request={r} lock={lock} />}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

/** /admin/lock-services-approval (Foodmap): requests not locked yet; lock one or all matching the filter. */
export function LockServicesApprovalPage() {
  return <LockList kind="lockable" />;
}

/** /admin/locked-services-approval (Foodmap): the locked requests; unlock one. */
export function LockedServicesApprovalPage() {
  return <LockList kind="locked" />;
}
