import { useMemo } from 'react';
import { Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { LinkButton } from '../../../components/link-button';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useAppSelector } from '../../../stores/hooks';
import { useGetLocationQuery } from '../api/locations-api';
import { LocationForm } from '../components/location-form';
import { emptyLocationValues, locationToValues } from '../lib/location-form';

const pageOf = (id: number) => generatePath(paths.location, { id: String(id) });

/** /add-location: a new location of the producer. */
export function AddLocationPage() {
  const { t } = useTranslation('locations');
  const navigate = useNavigate();
  const producerId = useAppSelector((s) => s.user.producer_id);
  const initial = useMemo(emptyLocationValues, []);
  if (!producerId) return <Result status="info" title={t('form.needsProducer')} data-testid="needs-producer" />;
  return (
    <Flex vertical gap={16} data-testid="add-location-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('form.addTitle')}
      </Typography.Title>
      <LocationForm
        initial={initial}
        location={null}
        onCancel={() => void navigate(paths.locations)}
        onSaved={(l) => void navigate(pageOf(l.id), { replace: true })}
      />
    </Flex>
  );
}

/** /locations/{id}/edit: change a location (a stale copy is refused and can be reloaded). */
export function EditLocationPage() {
  const { t } = useTranslation('locations');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetLocationQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  if (!valid || (isApiError(query.error) && query.error.status === 404))
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={
          <LinkButton to={paths.locations} type="primary">
            {t('detail.backToList')}
          </LinkButton>
        }
      />
    );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data || query.isFetching) return <PageLoader />;
  const l = query.data;
  return (
    <Flex vertical gap={16} data-testid="edit-location-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('form.editTitle', { name: l.name })}
      </Typography.Title>
      <LocationForm
        key={l.updated_at}
        initial={locationToValues(l)}
        location={l}
        onCancel={() => void navigate(pageOf(l.id))}
        onSaved={(saved) => void navigate(pageOf(saved.id), { replace: true })}
        onReload={() => void query.refetch()}
      />
    </Flex>
  );
}
