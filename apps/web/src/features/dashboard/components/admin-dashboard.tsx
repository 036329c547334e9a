import { lazy, Suspense } from 'react';
import { Button, Card, Col, Empty, Flex, Progress, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visibleMenu } from '@agrihub/contract/menu';
import type { User } from '@agrihub/contract/schemas/auth';
import type { AdminDashboard as Figures, DashboardPendingKey } from '@agrihub/contract/schemas/dashboard';
import { QueryError } from '../../../components/query-error';
import { useExistingPages } from '../../../components/existing-pages';
import { MenuIcon } from '../../../components/menu-icon';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { menuLinks } from '../../../lib/menu';
import { platform } from '../../../lib/platform';
import { useGetAdminDashboardQuery } from '../api/dashboard-api';

// The chart is its own chunk, loaded with the figures (not with the dashboard's first paint).
const DailyChart = lazy(() => import('./daily-chart').then((m) => ({ default: m.DailyChart })));

/** Counts that want attention sooner than the others. */
const URGENT: readonly DashboardPendingKey[] = ['service_requests_overdue'];

function PendingCards({ pending }: { pending: Figures['pending'] }) {
  const { t } = useTranslation('dashboard');
  if (!pending.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.pending.none')} />;
  }
  const waiting = pending.reduce((sum, p) => sum + p.count, 0);
  return (
    <>
      {waiting === 0 && (
        <Typography.Paragraph type="success" data-testid="pending-all-clear">
          {t('admin.pending.allClear')}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]}>
        {pending.map((p) => {
          const color = p.count === 0 ? undefined : URGENT.includes(p.key) ? '#cf1322' : '#d46b08';
          return (
            <Col span={6} key={p.key}>
              {/* Named by what it shows (the area and its count), as it reads on screen. */}
              <Link to={p.link} data-testid={`pending-${p.key}`}>
                <Card hoverable size="small">
                  <Statistic
                    title={t(`admin.pending.${p.key}`)}
                    value={p.count}
                    styles={{ content: { color } }}
                    data-testid={`pending-${p.key}-count`}
                  />
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
    </>
  );
}

function StatusBreakdown<S extends string>({
  title,
  counts,
  statuses,
  enumName,
  listPath,
  testId,
}: {
  title: string;
  counts: Record<S, number> & { total: number };
  statuses: readonly S[];
  enumName: 'producerStatus' | 'productStatus';
  listPath: string;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const label = useEnumLabel();
  return (
    <Card
      title={title}
      extra={<Link to={listPath}>{t('admin.viewAll', { count: counts.total })}</Link>}
      data-testid={testId}
    >
      {counts.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noneYet')} />
      ) : (
        <Flex vertical gap={8}>
          {statuses.map((s) => (
            <Link key={s} to={`${listPath}?status=${s}`} data-testid={`${testId}-${s}`}>
              <Flex align="center" gap={12}>
                <span style={{ width: 120 }}>{label(enumName, s)}</span>
                <Progress
                  percent={Math.round((counts[s] / counts.total) * 100)}
                  showInfo={false}
                  style={{ flex: 1, margin: 0 }}
                  aria-label={label(enumName, s)}
                />
                <Typography.Text strong style={{ width: 56, textAlign: 'right' }}>
                  {counts[s].toLocaleString(currentLocale() === 'vi' ? 'vi-VN' : 'en-US')}
                </Typography.Text>
              </Flex>
            </Link>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function DailyCard({ daily }: { daily: NonNullable<Figures['daily']> }) {
  const { t } = useTranslation('dashboard');
  const empty = daily.batches_published === 0 && daily.scans === 0;
  return (
    <Card
      title={t('admin.daily.title')}
      extra={
        <Typography.Text type="secondary" data-testid="daily-totals">
          {t('admin.daily.totals', { batches: daily.batches_published, scans: daily.scans })}
        </Typography.Text>
      }
      data-testid="daily-card"
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.daily.empty')} data-testid="daily-empty" />
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
          <DailyChart days={daily.days} />
        </Suspense>
      )}
    </Card>
  );
}

function ServiceRequestsCard({ requests }: { requests: NonNullable<Figures['service_requests']> }) {
  const { t } = useTranslation('dashboard');
  const label = useEnumLabel();
  const shown = requests.by_step.filter((s) => s.count > 0);
  return (
    <Card title={t('admin.requests.title')} data-testid="requests-card">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Statistic title={t('admin.requests.open')} value={requests.open} />
        </Col>
        <Col span={8}>
          <Link to="/admin/services-approval?overdue=true" data-testid="requests-overdue">
            <Statistic
              title={t('admin.requests.overdue')}
              value={requests.overdue}
              styles={{ content: { color: requests.overdue ? '#cf1322' : undefined } }}
            />
          </Link>
        </Col>
        <Col span={8}>
          <Statistic title={t('admin.requests.locked')} value={requests.locked} />
        </Col>
      </Row>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.requests.empty')} />
      ) : (
        <Flex wrap gap={8} data-testid="requests-by-step">
          {shown.map((s) => (
            <Link key={s.step} to={`/admin/services-approval?step=${s.step}`} data-testid={`requests-step-${s.step}`}>
              <Tag style={{ padding: '4px 8px', fontSize: 13 }}>
                {label('serviceStep', s.step)}: <strong>{s.count}</strong>
              </Tag>
            </Link>
          ))}
        </Flex>
      )}
    </Card>
  );
}

function Shortcuts({ user }: { user: User }) {
  const { t } = useTranslation(['dashboard', 'menu']);
  const existing = useExistingPages();
  const ready = menuLinks(visibleMenu(platform.key, user)).filter((e) => e.path && existing.has(e.path));
  return (
    <Card title={t('dashboard:admin.shortcuts')}>
      {ready.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard:admin.noShortcuts')}</Typography.Text>
      ) : (
        <Row gutter={[16, 16]} data-testid="admin-shortcuts">
          {ready.map((e) => (
            <Col span={6} key={e.key}>
              <Link to={e.path!} data-testid={`shortcut-${e.key}`}>
                <Card hoverable size="small">
                  <Flex gap={8} align="center">
                    <MenuIcon name={e.icon ?? 'AppstoreOutlined'} />
                    <span>{t(`menu:${e.labelKey}`)}</span>
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

/**
 * The administrators' dashboard (DESIGN §5.5): the platform's pending work per area, each count a
 * link to the list filtered to it; producers and products by status; batches published and scans
 * per day over 30 days; service requests by step with the overdue ones; shortcuts below. Only the
 * blocks the user's abilities open come from the server.
 */
export function AdminDashboard({ user }: { user: User }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const label = useEnumLabel();
  const query = useGetAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const d = query.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="start">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="dashboard-greeting">
            {t('dashboard:admin.greeting', { name: user.name })}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('dashboard:admin.intro', { platform: platform.name })}
          </Typography.Paragraph>
          <Flex gap={6} wrap data-testid="admin-roles">
            {user.roles.map((role) => (
              <Tag key={role} color="volcano">
                {label('role', role)}
              </Tag>
            ))}
          </Flex>
        </div>
        {d && (
          <Flex align="center" gap={8}>
            <Typography.Text type="secondary" data-testid="dashboard-generated">
              {t('dashboard:admin.generatedAt', { time: formatDateTime(d.generated_at, currentLocale()) })}
            </Typography.Text>
            <Button
              icon={<ReloadOutlined />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
              aria-label={t('dashboard:admin.refresh')}
              data-testid="dashboard-refresh"
            />
          </Flex>
        )}
      </Flex>

      {query.isLoading ? (
        <Card data-testid="dashboard-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : query.isError || !d ? (
        <Card>
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : (
        <>
          <Card title={t('dashboard:admin.pending.title')} data-testid="pending-card">
            <PendingCards pending={d.pending} />
          </Card>
          {(d.producers || d.products) && (
            <Row gutter={16}>
              {d.producers && (
                <Col span={12}>
                  <StatusBreakdown
                    title={t('dashboard:admin.producers')}
                    counts={d.producers}
                    statuses={['pending', 'approved', 'closed'] as const}
                    enumName="producerStatus"
                    listPath="/admin/producers"
                    testId="producers-by-status"
                  />
                </Col>
              )}
              {d.products && (
                <Col span={12}>
                  <StatusBreakdown
                    title={t('dashboard:admin.products')}
                    counts={d.products}
                    statuses={['draft', 'pending', 'approved', 'rejected'] as const}
                    enumName="productStatus"
                    listPath="/admin/products"
                    testId="products-by-status"
                  />
                </Col>
              )}
            </Row>
          )}
          {d.daily && <DailyCard daily={d.daily} />}
          {d.service_requests && <ServiceRequestsCard requests={d.service_requests} />}
        </>
      )}
      <Shortcuts user={user} />
    </Flex>
  );
}
