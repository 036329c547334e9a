import { useRef, useState, type ReactNode } from 'react';
import { App, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Upload as StoredUpload } from '@agrihub/contract/schemas/uploads';
import { useUploadAttachmentMutation } from '../lib/attachments-api';
import { isApiError } from '../lib/api-error';
import type { Namespace } from '../lib/i18n';
import { useUploadImageMutation } from '../lib/session-api';
import { UPLOAD_ACCEPT, UPLOAD_MAX_MB, uploadProblem, type UploadKind } from '../lib/upload-checks';

interface Props {
  kind: UploadKind;
  /**
   * The namespace whose `upload.{image|attachment}.{type|size}` and `upload.failed` say what went
   * wrong (each feature keeps its own wording); `upload.tooMany` comes from `common`.
   */
  ns: Namespace;
  multiple?: boolean;
  disabled?: boolean;
  /** How many more files may be added (multiple selection is cut to this). */
  room?: number;
  onUploaded: (file: StoredUpload) => void;
  /** Told true when an upload starts and false when it ends. */
  onBusy?: (busy: boolean) => void;
  /** What opens the picker; as a function it is told whether an upload is running. */
  children: ReactNode | ((busy: boolean) => ReactNode);
  testId?: string;
}

/**
 * Picks files, checks type and size with the contract limits, uploads each to /api/v1/images or
 * /api/v1/attachments and hands back the stored file. Failures show the server's message.
 */
export function UploadButton({
  kind,
  ns,
  multiple,
  disabled,
  room = Infinity,
  onUploaded,
  onBusy,
  children,
  testId,
}: Props) {
  const { t } = useTranslation([ns, 'common']);
  const { message } = App.useApp();
  const [uploadImage] = useUploadImageMutation();
  const [uploadAttachment] = useUploadAttachmentMutation();
  const [pending, setPending] = useState(0);
  const accepted = useRef(0);

  return (
    <Upload
      accept={UPLOAD_ACCEPT[kind]}
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      data-testid={testId}
      beforeUpload={(file, list) => {
        if (file === list[0]) accepted.current = 0;
        const problem = uploadProblem(kind, file);
        if (problem) {
          void message.error(t(`upload.${kind}.${problem}`, { max: UPLOAD_MAX_MB[kind], name: file.name }));
          return Upload.LIST_IGNORE;
        }
        if (accepted.current >= room) {
          void message.warning(t('common:upload.tooMany'));
          return Upload.LIST_IGNORE;
        }
        accepted.current += 1;
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setPending((n) => n + 1);
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
          .finally(() => {
            setPending((n) => n - 1);
            onBusy?.(false);
          });
      }}
    >
      {typeof children === 'function' ? children(pending > 0) : children}
    </Upload>
  );
}
