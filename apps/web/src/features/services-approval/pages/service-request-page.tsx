import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { AppCan } from '../../../lib/ability';
import { isSuperAdmin } from '@agrihub/contract/permissions';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import {
  useGetServiceRequestQuery,
  useLockServiceRequestMutation,
  type AdminServiceRequest,
} from '../api/services-approval-api';
import { AssigneeSelect } from '../components/assignee-select';
import { MoveActions } from '../components/move-actions';
import { NotesPanel } from '../components/notes-panel';
import { RequestDetails } from '../components/request-details';
import { RequestStepper } from '../components/request-stepper';
import { RequestStatusTags } from '../components/request-tags';
import { LinkButton } from '../../../components/link-button';

/** Lock / unlock from the detail page (admin), confirmed. */
function LockToggle({ request }: { request: AdminServiceRequest }) {
  const { t } = useTranslation('services-approval');
  const { modal, message } = App.useApp();
  const [run, state] = useLockServiceRequestMutation();
  const user = useAppSelector((s) => s.user.user);
  const lock = !request.locked;
  const key = lock ? 'lock' : 'unlock';
  // Only an administrator (role admin) unlocks; the server refuses anyone else.
  if (!lock && !isSuperAdmin(user)) return null;
  return (
    <AppCan I="update" a="user_register_service">
      <Button
        danger={lock}
        icon={lock ? <LockOutlined /> : <UnlockOutlined />}
        loading={state.isLoading}
        data-testid={`${key}-request`}
        onClick={() =>
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
          })
        }
      >
        {t(`actions.${key}`)}
      </Button>
    </AppCan>
  );
}

/** /admin/services-approval/{id}: details, the flow's stepper, allowed moves, assignee, notes and history. */
export function ServiceRequestPage() {
  const { t } = useTranslation('services-approval');
  const { t: tc } = useTranslation('common');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetServiceRequestQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        data-testid="request-not-found"
        extra={
          <LinkButton to={paths.adminServiceRequests} type="primary">
            {t('detail.backToList')}
          </LinkButton>
        }
      />
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoader />;
  const r = query.data.urs;
  // The history comes with the request (newest first), paged here.
  const history = { ...query, data: { history: query.data.history } };

  return (
    <Flex vertical gap={16} data-testid="service-request-page" data-step={r.step}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Space size="middle" align="center">
          <Link to={paths.adminServiceRequests} aria-label={t('detail.backToList')}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('detail.title', { id: r.id, service: r.service.title })}
          </Typography.Title>
          <RequestStatusTags request={r} />
        </Space>
        <LockToggle request={r} />
      </Flex>
      {r.locked && <Alert type="warning" showIcon title={t('detail.lockedHint')} data-testid="request-locked-alert" />}
      <Card size="small">
        <Flex vertical gap={16}>
          <RequestStepper request={r} />
          <Flex justify="space-between" align="center" gap={16} wrap>
            <AssigneeSelect request={r} />
            <MoveActions request={r} />
          </Flex>
        </Flex>
      </Card>
      <RequestDetails request={r} />
      <NotesPanel request={r} />
      <Card title={tc('activity.title')} size="small">
        <ActivityHistory
          query={history}
          testId="request-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="service_request"
        />
      </Card>
    </Flex>
  );
}
