import type { ReactNode } from 'react';
import { App, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Upload as UploadedFile } from '@agrihub/contract/schemas/uploads';
import { isApiError } from '../../../lib/api-error';
import { useUploadImageMutation } from '../../../lib/session-api';
import { useUploadAttachmentMutation } from '../api/uploads-api';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_MB,
  IMAGE_ACCEPT,
  IMAGE_MAX_MB,
  attachmentProblem,
  imageProblem,
} from '../lib/upload-checks';

interface Props {
  kind: 'image' | 'attachment';
  onUploaded: (file: UploadedFile) => void;
  onBusy?: (busy: boolean) => void;
  multiple?: boolean;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}

/**
 * Opens the file picker, checks type and size with the contract limits, uploads to
 * /api/v1/images or /api/v1/attachments and hands back the stored file. Failures show the
 * server's message.
 */
export function UploadTrigger({ kind, onUploaded, onBusy, multiple, disabled, children, testId }: Props) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [uploadImage] = useUploadImageMutation();
  const [uploadAttachment] = useUploadAttachmentMutation();

  return (
    <Upload
      accept={kind === 'image' ? IMAGE_ACCEPT : ATTACHMENT_ACCEPT}
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      data-testid={testId}
      beforeUpload={(file) => {
        const problem = kind === 'image' ? imageProblem(file) : attachmentProblem(file);
        if (problem) {
          void message.error(t(`upload.${problem}`, { max: kind === 'image' ? IMAGE_MAX_MB : ATTACHMENT_MAX_MB }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        onBusy?.(true);
        const run = kind === 'image' ? uploadImage(file as File) : uploadAttachment(file as File);
        run
          .unwrap()
          .then((stored) => {
            onUploaded(stored);
            onSuccess?.(stored);
          })
          .catch((error: unknown) => {
            void message.error(isApiError(error) ? error.message : t('upload.failed'));
            onError?.(error as Error);
          })
          .finally(() => onBusy?.(false));
      }}
    >
      {children}
    </Upload>
  );
}
