import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BatchExportRequest } from '@agrihub/contract/schemas/traceabilities';
import { useAppSelector } from '../../../stores/hooks';
import { fetchPrivateFile, saveBlob } from '../../../lib/private-file';
import type { BatchFilters } from '../lib/list-filters';

/**
 * XLSX export (POST /api/v1/traceabilities/export): "all" ignores the filters; "as filter" sends the
 * selected rows when there are any, else the current filters. The streamed file is saved as a blob.
 */
export function ExportButtons({ filters, selectedIds }: { filters: BatchFilters; selectedIds: number[] }) {
  const { t } = useTranslation('batches');
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState<'all' | 'filter' | null>(null);

  const run = async (kind: 'all' | 'filter') => {
    const body: BatchExportRequest =
      kind === 'all'
        ? { mode: 'exportAllData' }
        : selectedIds.length
          ? { mode: 'exportAsFilter', ids: selectedIds, sort: filters.sort }
          : {
              mode: 'exportAsFilter',
              q: filters.q,
              status: filters.status,
              product_id: filters.product_id,
              sort: filters.sort,
            };
    setBusy(kind);
    try {
      const file = await fetchPrivateFile(token, '/api/v1/traceabilities/export', 'lo-hang.xlsx', {
        method: 'POST',
        body,
      });
      saveBlob(file.blob, file.filename);
    } catch (error) {
      void message.error((error as Error).message || t('export.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'all'}
        disabled={busy !== null}
        onClick={() => void run('all')}
        data-testid="export-all"
      >
        {t('export.all')}
      </Button>
      <Button
        icon={<FilterOutlined />}
        loading={busy === 'filter'}
        disabled={busy !== null}
        onClick={() => void run('filter')}
        data-testid="export-filtered"
      >
        {selectedIds.length ? t('export.selected', { count: selectedIds.length }) : t('export.filtered')}
      </Button>
    </Space>
  );
}
