import { useState } from 'react';
import { Card, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActivityHistory } from '../../../components/activity-history';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { platform } from '../../../lib/platform';
import { useGetOemQuery, useOemHistoryQuery } from '../api/oems-api';
import { OemEditor } from '../components/oem-editor';
import { LinkButton } from '../../../components/link-button';

function NotFound() {
  const { t } = useTranslation('oems');
  return (
    <Result
      status="404"
      title={t('detail.notFound')}
      extra={
        platform.features.oems && (
          <LinkButton to={paths.adminOems} type="primary">
            {t('form.backToList')}
          </LinkButton>
        )
      }
      data-testid="oem-not-found"
    />
  );
}

/** /admin/add-oem */
export function AddOemPage() {
  if (!platform.features.oems) return <NotFound />;
  return <OemEditor oem={null} />;
}

/** /admin/oems/{id}: the OEM's form and its history (edits, expiry notices). */
export function OemPage() {
  const { t } = useTranslation(['oems', 'common']);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && platform.features.oems;
  const oem = useGetOemQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const [historyPage, setHistoryPage] = useState(1);
  const history = useOemHistoryQuery({ id, page: historyPage }, { skip: !valid, refetchOnMountOrArgChange: true });

  if (!valid || (isApiError(oem.error) && oem.error.status === 404)) return <NotFound />;
  if (oem.isError) return <QueryError error={oem.error} onRetry={() => void oem.refetch()} />;
  if (!oem.data) return <PageLoader />;
  return (
    <Flex vertical gap={16}>
      <OemEditor key={oem.data.id} oem={oem.data} />
      <Card title={t('common:activity.title')} size="small">
        <ActivityHistory
          query={history}
          testId="oem-history"
          page={historyPage}
          onPageChange={setHistoryPage}
          subject="producer_oem"
          fieldLabel={(f) => t(`oems:fields.${f}`, { defaultValue: f })}
        />
      </Card>
    </Flex>
  );
}
