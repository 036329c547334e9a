import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityHistory } from '../../../components/activity-history';
import { useCatalogueServiceHistoryQuery } from '../api/services-setting-api';

/** A service's catalogue history in its drawer: who edited what (before → after), pricing imports. */
export function ServiceHistory({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation('services-setting');
  const [page, setPage] = useState(1);
  const history = useCatalogueServiceHistoryQuery({ id: serviceId, page }, { refetchOnMountOrArgChange: true });
  return (
    <ActivityHistory
      query={history}
      testId="service-history"
      page={page}
      onPageChange={setPage}
      subject="register_service"
      fieldLabel={(f) => t(`history.fields.${f}`, { defaultValue: f })}
    />
  );
}
