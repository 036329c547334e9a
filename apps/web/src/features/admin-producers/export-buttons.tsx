import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProducerExportRequest } from '@agrihub/contract/schemas/admin-producers';
import { fetchPrivateFile, saveBlob } from '../../lib/private-file';
import { useAppSelector } from '../../stores/hooks';
import type { ProducerFilters } from './list-params';

/**
 * XLSX export (POST /api/v1/admin/producers/export): "all" ignores the filters; "as filter" sends
 * the selected rows when there are any, else the current filters.
 */
export function ExportButtons({ filters, selectedIds }: { filters: ProducerFilters; selectedIds: number[] }) {
  const { t } = useTranslation('admin-producers');
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState<'all' | 'filter' | null>(null);

  const run = async (kind: 'all' | 'filter') => {
    const body: ProducerExportRequest =
      kind === 'all'
        ? { mode: 'exportAllData' }
        : selectedIds.length
          ? { mode: 'exportAsFilter', ids: selectedIds }
          : { mode: 'exportAsFilter', q: filters.q, status: filters.status, producer_type: filters.producer_type };
    setBusy(kind);
    try {
      const file = await fetchPrivateFile(token, '/api/v1/admin/producers/export', 'don-vi-san-xuat.xlsx', {
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
