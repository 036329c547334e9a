import { useState } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QR_FILE_NAME } from '@agrihub/contract/constants';
import { saveObjectUrl, useAuthorizedBlob } from '../../../lib/private-file';

/** The product's QR code (PNG from the API, fetched with the session) and a download as qrcode.png. */
export function ProductQr({ productId, refreshKey }: { productId: number; refreshKey?: string }) {
  const { t } = useTranslation('products');
  const [version, setVersion] = useState(0);
  // The code encodes the GTIN's Digital Link when there is one: reload after each save.
  const qr = useAuthorizedBlob(`/api/v1/products/${productId}/qrcode`, `${version}:${refreshKey ?? ''}`);

  return (
    <Card size="small" title={t('qr.title')} data-testid="product-qr">
      <Flex vertical align="center" gap={12}>
        {qr.status === 'loading' && <Spin />}
        {qr.status === 'error' && (
          <Result
            status="warning"
            subTitle={t('qr.failed')}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => setVersion((v) => v + 1)}>
                {t('actions.retry')}
              </Button>
            }
          />
        )}
        {qr.status === 'ready' && (
          <img src={qr.url} alt={t('qr.alt')} width={180} height={180} data-testid="product-qr-image" />
        )}
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('qr.help')}
        </Typography.Text>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={qr.status !== 'ready'}
          onClick={() => qr.status === 'ready' && saveObjectUrl(qr.url, QR_FILE_NAME)}
          data-testid="qr-download"
        >
          {t('qr.download')}
        </Button>
      </Flex>
    </Card>
  );
}
