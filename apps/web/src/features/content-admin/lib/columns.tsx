import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { Locale } from '@agrihub/contract/platforms';
import { RowActions } from '../../../components/row-actions';
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

/**
 * The actions column of the content pages' lists (posts, page views): edit on its own page,
 * preview in a drawer, delete (confirmed) for those who may manage content.
 */
export function contentActionsColumn<T extends { id: number; title: string }>(
  t: TFunction,
  opts: {
    testId: string;
    editTo: (row: T) => string;
    onPreview: (row: T) => void;
    /** Its promise (a request) is left to the caller, as RowActions does. */
    onDelete?: (row: T) => unknown;
    deleteConfirm: string;
  },
): TableColumnType<T> {
  return {
    key: 'actions',
    title: t('fields.actions'),
    width: 108,
    render: (_, r) => (
      <RowActions
        name={r.title}
        testId={opts.testId}
        editTo={opts.editTo(r)}
        onPreview={() => opts.onPreview(r)}
        onDelete={opts.onDelete ? () => void opts.onDelete!(r) : undefined}
        deleteConfirm={opts.deleteConfirm}
      />
    ),
  };
}
