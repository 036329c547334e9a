import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FileValue } from '../lib/product-form';
import { UploadTrigger } from './upload-trigger';

/** A certificate's scanned file (PDF, image, document), uploaded to /api/v1/attachments. */
export function CertificateFile({
  value,
  onChange,
  disabled,
  testId,
}: {
  value?: FileValue | null;
  onChange?: (v: FileValue | null) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('products');
  const [busy, setBusy] = useState(false);
  if (value) {
    return (
      <Flex align="center" gap={4}>
        <PaperClipOutlined />
        <Typography.Link href={value.url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 220 }}>
          {value.filename}
        </Typography.Link>
        {!disabled && (
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            onClick={() => onChange?.(null)}
            aria-label={t('certificates.removeFile')}
          />
        )}
      </Flex>
    );
  }
  return (
    <UploadTrigger
      kind="attachment"
      disabled={disabled}
      onBusy={setBusy}
      onUploaded={(f) => onChange?.({ id: f.id, url: f.url, filename: f.filename })}
      testId={testId}
    >
      <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
        {t('certificates.upload')}
      </Button>
    </UploadTrigger>
  );
}
