import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { DownloadOutlined, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchPrivateFile, saveBlob } from '../lib/private-file';
import { useAppSelector } from '../stores/hooks';

export interface ExportButtonsProps {
  /** Namespace holding export.all, export.filtered, export.selected and export.failed. */
  ns: string;
  /** POST endpoint that streams the XLSX; a function of the mode when the mode travels in the query. */
  url: string | ((mode: 'exportAllData' | 'exportAsFilter') => string);
  /** File name used when the answer names none. */
  fallbackName: string;
  selectedCount: number;
  /** Body of "export as filter": the selected rows when there are any, else the current filters. */
  filterBody: () => object;
}

/** The two XLSX export buttons of a list (spec §9 export modes); "all" ignores the filters. */
export function ExportButtons({ ns, url, fallbackName, selectedCount, filterBody }: ExportButtonsProps) {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState<'all' | 'filter' | null>(null);

  const run = async (kind: 'all' | 'filter') => {
    const body = kind === 'all' ? { mode: 'exportAllData' } : { mode: 'exportAsFilter', ...filterBody() };
    setBusy(kind);
    try {
      const target = typeof url === 'string' ? url : url(body.mode as 'exportAllData' | 'exportAsFilter');
      const file = await fetchPrivateFile(token, target, fallbackName, { method: 'POST', body });
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
        {selectedCount ? t('export.selected', { count: selectedCount }) : t('export.filtered')}
      </Button>
    </Space>
  );
}
