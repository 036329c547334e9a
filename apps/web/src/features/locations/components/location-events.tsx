import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import type { LocationEvent } from '@agrihub/contract/schemas/locations';
import { PagedTableCard } from '../../../components/paged-table-card';
import { paths } from '../../../config/paths';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useListLocationEventsQuery } from '../api/locations-api';

const PER_PAGE = 20;

/** The card of the location page listing the events of the producer's lots recorded there, newest first. */
export function LocationEvents({ locationId }: { locationId: number }) {
  const { t } = useTranslation('locations');
  const label = useEnumLabel();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const list = useListLocationEventsQuery(
    { id: locationId, page, per_page: PER_PAGE },
    { refetchOnMountOrArgChange: true },
  );

  const columns = [
    {
      key: 'occurred_at',
      title: t('events.occurredAt'),
      render: (_: unknown, e: LocationEvent) => formatDateTime(e.occurred_at, locale),
    },
    {
      key: 'step',
      title: t('events.step'),
      render: (_: unknown, e: LocationEvent) => (
        <>
          {label('traceStep', e.step)}
          {e.source && (
            <Tag style={{ marginInlineStart: 8 }} data-testid="location-event-source">
              {t(`events.source.${e.source}`)}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'lot',
      title: t('events.lot'),
      render: (_: unknown, e: LocationEvent) => (
        <Link to={generatePath(paths.productBatch, { id: String(e.batch.id) })}>{e.batch.lot_code}</Link>
      ),
    },
    {
      key: 'product',
      title: t('events.product'),
      render: (_: unknown, e: LocationEvent) => e.batch.product_name,
    },
  ];

  return (
    <PagedTableCard<LocationEvent>
      title={t('events.title')}
      query={list}
      rows={list.data?.events}
      total={list.data?.meta.total_count}
      columns={columns}
      rowKey="id"
      page={page}
      perPage={PER_PAGE}
      onPage={setPage}
      empty={t('events.empty')}
      testId="location-events"
    />
  );
}
