import { Button, Flex, Typography } from 'antd';
import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FileValue } from '../lib/batch-form';
import { UploadButton } from './upload-button';

/** A certificate's scanned file, uploaded to /api/v1/attachments. */
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
  const { t } = useTranslation('batches');
  if (value) {
    return (
      <Flex align="center" gap={4}>
        <PaperClipOutlined />
        <Typography.Link href={value.url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 200 }}>
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
    <UploadButton
      kind="attachment"
      disabled={disabled}
      testId={testId}
      onUploaded={(f) => onChange?.({ id: f.id, url: f.url, filename: f.filename })}
    >
      {(busy) => (
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
          {t('certificates.upload')}
        </Button>
      )}
    </UploadButton>
  );
}
