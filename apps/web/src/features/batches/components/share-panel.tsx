import { useState } from 'react';
import { App, Alert, Button, Card, Flex, Input, Skeleton, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, ExportOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QR_FILE_NAME } from '@agrihub/contract/constants';
import type { Batch } from '@agrihub/contract/schemas/traceabilities';
import { useAppSelector } from '../../../stores/hooks';
import { fetchPrivateFile, saveBlob, useAuthorizedBlob } from '../../../lib/private-file';

/** QR code (preview + PNG download), the public page link, EPCIS 2.0 export. */
export function SharePanel({ batch }: { batch: Batch }) {
  const { t } = useTranslation('batches');
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState<'qr' | 'epcis' | null>(null);
  const publicLink = `${window.location.origin}/trace/${batch.public_code}`;
  const qrPath = `/api/v1/traceabilities/${batch.id}/qrcode`;
  const qr = useAuthorizedBlob(qrPath);

  const download = async (kind: 'qr' | 'epcis') => {
    setBusy(kind);
    try {
      if (kind === 'qr') {
        const file = qr.status === 'ready' ? { blob: qr.blob } : await fetchPrivateFile(token, qrPath, QR_FILE_NAME);
        saveBlob(file.blob, QR_FILE_NAME);
      } else {
        const file = await fetchPrivateFile(
          token,
          `/api/v1/traceabilities/${batch.id}/epcis`,
          `epcis-${batch.lot_code}.jsonld`,
        );
        saveBlob(file.blob, file.filename);
      }
    } catch (error) {
      void message.error((error as Error).message || t('share.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  const copy = () =>
    navigator.clipboard
      .writeText(publicLink)
      .then(() => void message.success(t('share.copied')))
      .catch(() => void message.error(t('share.copyFailed')));

  return (
    <Card title={t('share.title')} data-testid="share-panel">
      <Flex vertical gap={12}>
        <Flex justify="center">
          {qr.status === 'loading' ? (
            <Skeleton.Image active style={{ width: 200, height: 200 }} />
          ) : qr.status === 'error' ? (
            <Alert type="warning" showIcon title={t('share.qrFailed')} />
          ) : (
            <img
              src={qr.url}
              alt={t('share.qrAlt', { lot: batch.lot_code })}
              width={200}
              height={200}
              data-testid="qr-image"
            />
          )}
        </Flex>
        <Button
          icon={<DownloadOutlined />}
          block
          loading={busy === 'qr'}
          onClick={() => void download('qr')}
          data-testid="qr-download"
        >
          {t('share.downloadQr')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('share.qrEncodes')}{' '}
          <Typography.Text code copyable style={{ fontSize: 12 }}>
            {batch.trace_url}
          </Typography.Text>
        </Typography.Text>
        <div>
          <Typography.Text strong>{t('share.publicLink')}</Typography.Text>
          <Space.Compact style={{ width: '100%', marginTop: 4 }}>
            <Input readOnly value={publicLink} aria-label={t('share.publicLink')} data-testid="public-link" />
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copy()}
              aria-label={t('share.copy')}
              data-testid="copy-public-link"
            />
            <Button
              icon={<ExportOutlined />}
              href={publicLink}
              target="_blank"
              rel="noreferrer"
              aria-label={t('share.open')}
              data-testid="open-public-link"
            />
          </Space.Compact>
          {batch.status === 'draft' && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('share.draftHint')}
            </Typography.Text>
          )}
        </div>
        <Button
          icon={<FileTextOutlined />}
          block
          loading={busy === 'epcis'}
          onClick={() => void download('epcis')}
          data-testid="epcis-download"
        >
          {t('share.epcis')}
        </Button>
      </Flex>
    </Card>
  );
}
