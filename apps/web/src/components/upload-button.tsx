import { useRef, useState, type ReactNode } from 'react';
import { App, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Upload as StoredUpload } from '@agrihub/contract/schemas/uploads';
import { isApiError } from '../../../lib/api-error';
import { useUploadImageMutation } from '../../../lib/session-api';
import { useBatchAttachmentUploadMutation } from '../api/batches-api';
import { ACCEPT, MAX_MB, uploadProblem, type UploadKind } from '../lib/upload-checks';

interface Props {
  kind: UploadKind;
  multiple?: boolean;
  disabled?: boolean;
  /** How many more files may be added (multiple selection is cut to this). */
  room?: number;
  onUploaded: (file: StoredUpload) => void;
  children: (busy: boolean) => ReactNode;
  testId?: string;
}

/**
 * Picks files, checks type and size with the contract limits, uploads each to /api/v1/images or
 * /api/v1/attachments and hands back the stored file. Failures show the server's message.
 */
export function UploadButton({ kind, multiple, disabled, room = Infinity, onUploaded, children, testId }: Props) {
  const { t } = useTranslation('batches');
  const { message } = App.useApp();
  const [uploadImage] = useUploadImageMutation();
  const [uploadAttachment] = useBatchAttachmentUploadMutation();
  const [pending, setPending] = useState(0);
  const accepted = useRef(0);

  return (
    <Upload
      accept={ACCEPT[kind]}
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      data-testid={testId}
      beforeUpload={(file, list) => {
        if (file === list[0]) accepted.current = 0;
        const problem = uploadProblem(kind, file);
        if (problem) {
          void message.error(t(`upload.${kind}.${problem}`, { max: MAX_MB[kind], name: file.name }));
          return Upload.LIST_IGNORE;
        }
        if (accepted.current >= room) {
          void message.warning(t('upload.tooMany'));
          return Upload.LIST_IGNORE;
        }
        accepted.current += 1;
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setPending((n) => n + 1);
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
          .finally(() => setPending((n) => n - 1));
      }}
    >
      {children(pending > 0)}
    </Upload>
  );
}
