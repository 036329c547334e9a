import { useState } from 'react';
import { Card, Col, Flex, Result, Row, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { UserAdminActor } from '@agrihub/contract/user-admin';
import { AccentTag } from '../../../components/accent-tag';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { useAppSelector } from '../../../stores/hooks';
import { useAdminUserHistoryQuery, useAdminUserQuery } from '../api/admin-users-api';
import { UserActions, UserActiveTag } from '../components/user-actions';
import { UserEditor } from '../components/user-editor';
import { LinkButton } from '../../../components/link-button';

/** The signed-in account as the rules see the editor. */
function useActor(): UserAdminActor | null {
  const me = useAppSelector((s) => s.user.user);
  return me ? { id: me.id, roles: me.roles, abilities: me.abilities } : null;
}

function Heading({ title, extra }: { title: string; extra?: React.ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Space size="middle" align="center">
      <Link to={paths.adminUsers} aria-label={t('user.backToList')} data-testid="user-back">
        <ArrowLeftOutlined />
      </Link>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Space>
  );
}

/** /admin/add-user: a staff account (roles, abilities) or a producer's user. */
export function AddUserPage() {
  const { t } = useTranslation('admin');
  const actor = useActor();
  if (!actor) return <PageLoader />;
  return (
    <Flex vertical gap={16} data-testid="add-user-page">
      <Heading title={t('user.addTitle')} />
      <UserEditor actor={actor} />
    </Flex>
  );
}

/** /admin/users/{id}: the account, its state and actions, its document folder and its history. */
export function UserPage() {
  const { t } = useTranslation(['admin', 'common']);
  const label = useEnumLabel();
  const actor = useActor();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useAdminUserQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);
  const history = useAdminUserHistoryQuery(
    { id, page: historyPage },
    { skip: !valid, refetchOnMountOrArgChange: true },
  );

  if (!valid || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('admin:user.notFound')}
        data-testid="user-not-found"
        extra={
          <LinkButton to={paths.adminUsers} type="primary">
            {t('admin:user.backToList')}
          </LinkButton>
        }
      />
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const user = query.data;
  if (!user || !actor) return <PageLoader />;
  const fieldLabel = (f: string) => t(`admin:user.fields.${f}`, { defaultValue: f });

  return (
    <Flex vertical gap={16} data-testid="user-page">
      <Heading
        title={user.name}
        extra={
          <>
            <UserActiveTag active={user.active} />
            {user.roles.map((r) => (
              <Tag key={r} color="volcano">
                {label('role', r)}
              </Tag>
            ))}
            {user.id === actor.id && <AccentTag>{t('admin:user.you')}</AccentTag>}
          </>
        }
      />
      <Row gutter={16}>
        <Col span={16}>
          {/* A saved account comes back with a new update time: the form starts again from it. */}
          <UserEditor key={user.updated_at} user={user} actor={actor} />
        </Col>
        <Col span={8}>
          <UserActions user={user} actor={actor} />
        </Col>
      </Row>
      <Card title={t('common:activity.title')}>
        <ActivityHistory
          query={history}
          testId="user-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="user"
          fieldLabel={fieldLabel}
        />
      </Card>
    </Flex>
  );
}
