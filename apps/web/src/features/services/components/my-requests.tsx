import { Alert, Card, Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useListMyRequestsQuery } from '../api/services-api';
import { requestPath } from '../lib/paths';
import { RequestProgress, RequestStatusTag } from './request-progress';

/** The signed-in producer's own requests with their progress (on /services). */
export function MyRequests() {
  const { t } = useTranslation(['services', 'common']);
  const { data, isLoading, error, refetch } = useListMyRequestsQuery({});
  return (
    <Card title={t('services:mine.title')} data-testid="my-requests" style={{ marginBottom: 24 }}>
      {isLoading ? (
        <Skeleton active />
      ) : error ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(error) ? error.message : t('common:errors.generic')}
          action={<a onClick={() => void refetch()}>{t('common:actions.retry')}</a>}
        />
      ) : !data?.requests.length ? (
        <Empty description={t('services:mine.empty')} />
      ) : (
        <List
          dataSource={data.requests}
          renderItem={(r) => (
            <List.Item key={r.id} className="my-request-item" data-testid={`my-request-${r.id}`}>
              {/* Own wrapping row, not List.Item.Meta: on a phone the status drops under the title. */}
              <div className="my-request-row">
                <div className="my-request-main">
                  <Link to={requestPath(r.id)} className="my-request-title">
                    {r.service.title}
                  </Link>
                  <Typography.Text type="secondary" className="my-request-date">
                    {t('services:mine.sentOn', { date: formatDate(r.created_at, currentLocale()) })}
                  </Typography.Text>
                </div>
                <div className="my-request-progress">
                  <RequestStatusTag status={r.status} />
                  {r.service.type !== 0 && <RequestProgress type={r.service.type} step={r.step} />}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
