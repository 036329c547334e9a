import { Button, Flex } from 'antd';
import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Namespace } from '../lib/i18n';
import { UploadButton } from './upload-button';
import { FileLink } from './file-link';

export interface FileValue {
  id: number;
  url: string;
  filename: string;
}

/** A certificate's scanned file (PDF, image, document), uploaded to /api/v1/attachments. */
export function CertificateFile({
  value,
  onChange,
  disabled,
  testId,
  ns,
}: {
  value?: FileValue | null;
  onChange?: (v: FileValue | null) => void;
  disabled?: boolean;
  testId?: string;
  /** The feature's namespace for upload problems (see UploadButton). */
  ns: Namespace;
}) {
  const { t } = useTranslation('common');
  if (value) {
    return (
      <Flex align="center" gap={4}>
        <PaperClipOutlined />
        <FileLink url={value.url} filename={value.filename} ellipsis style={{ maxWidth: 220 }}>
          {value.filename}
        </FileLink>
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
      ns={ns}
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
