import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { Locale } from '@agrihub/contract/platforms';
import { formatDateTime } from '../../../lib/formatters';

/** The content lists' "updated" column (posts, FAQs, page views): sorted on the server, date and time in the UI language. */
export function updatedAtColumn<T extends { updated_at: string }>(
  t: TFunction,
  sortOrder: (field: string) => 'ascend' | 'descend' | null,
  locale: Locale,
): TableColumnType<T> {
  return {
    key: 'updated_at',
    title: t('fields.updatedAt'),
    width: 112,
    sorter: true,
    sortOrder: sortOrder('updated_at'),
    render: (_, r) => formatDateTime(r.updated_at, locale),
  };
}
