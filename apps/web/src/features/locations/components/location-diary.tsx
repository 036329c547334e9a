import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { describeDiaryEntry } from '@agrihub/contract/diary-summary';
import type { DiaryEntry } from '@agrihub/contract/schemas/diary';
import { PagedTableCard } from '../../../components/paged-table-card';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useListLocationDiaryQuery } from '../api/locations-api';

const PER_PAGE = 20;

/**
 * The plot's field diary (ADR 044), newest first: what was done there (the entry as the phone
 * recorded it) and the lot it went into — or "not in a lot yet" for the season's entries that a
 * harvest will attach to its lot.
 */
export function LocationDiary({ locationId }: { locationId: number }) {
  const { t } = useTranslation('locations');
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const list = useListLocationDiaryQuery(
    { id: locationId, page, per_page: PER_PAGE },
    { refetchOnMountOrArgChange: true },
  );

  const columns = [
    {
      key: 'occurred_at',
      title: t('diary.occurredAt'),
      render: (_: unknown, e: DiaryEntry) => formatDateTime(e.occurred_at, locale),
    },
    {
      key: 'entry',
      title: t('diary.entry'),
      // A long entry wraps instead of pushing its lot and author off the 1200 px page.
      render: (_: unknown, e: DiaryEntry) => (
        <div style={{ maxWidth: 460, whiteSpace: 'normal' }}>
          {describeDiaryEntry(e.type, e.details, e.notes, locale)}
        </div>
      ),
    },
    {
      key: 'lot',
      title: t('diary.lot'),
      render: (_: unknown, e: DiaryEntry) =>
        e.batch ? (
          <Link to={generatePath(paths.productBatch, { id: String(e.batch.id) })}>{e.batch.lot_code}</Link>
        ) : (
          <Tag data-testid="location-diary-no-lot">{t('diary.noLot')}</Tag>
        ),
    },
    { key: 'by', title: t('diary.by'), render: (_: unknown, e: DiaryEntry) => e.created_by_name ?? '—' },
  ];

  return (
    <PagedTableCard<DiaryEntry>
      title={t('diary.title')}
      query={list}
      rows={list.data?.entries}
      total={list.data?.meta.total_count}
      columns={columns}
      rowKey="id"
      page={page}
      perPage={PER_PAGE}
      onPage={setPage}
      empty={t('diary.empty')}
      testId="location-diary"
    />
  );
}
