import { useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fetchPrivateFile, saveBlob } from '../../../lib/private-file';
import { useAppSelector } from '../../../stores/hooks';

/**
 * The producer's records as the JSON for the national traceability portal (Circular 02/2024,
 * ADR 043; GET /api/v1/national-portal/export): the products and published batches, of the
 * product filtered on when there is one.
 */
export function NationalPortalButton({ productId }: { productId?: number }) {
  const { t } = useTranslation('batches');
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const query = productId ? `?product_id=${productId}` : '';
      const file = await fetchPrivateFile(token, `/api/v1/national-portal/export${query}`, 'truy-xuat-quoc-gia.json');
      saveBlob(file.blob, file.filename);
    } catch (error) {
      void message.error((error as Error).message || t('nationalPortal.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('nationalPortal.help')}>
      <Button
        icon={<CloudDownloadOutlined />}
        loading={busy}
        onClick={() => void run()}
        data-testid="national-portal-export"
      >
        {t('nationalPortal.button')}
      </Button>
    </Tooltip>
  );
}
