import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_FILES_MAX, type ServiceRequest } from '@agrihub/contract/schemas/service-requests';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import { isApiError } from '../../../lib/api-error';
import { useUpdateMyRequestMutation } from '../api/services-api';
import { FilesField } from './files-field';

/**
 * While the request is editable (filling in, or staff asked for more), the producer adds documents:
 * the request's whole file list is sent (PUT), the ones already there plus the new ones.
 */
export function AddDocuments({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation(['services', 'common']);
  const { message } = App.useApp();
  const [files, setFiles] = useState<Upload[]>([]);
  const [update, { isLoading }] = useUpdateMyRequestMutation();
  const room = SERVICE_REQUEST_FILES_MAX - request.attachments.length;
  if (room <= 0) return null;

  const save = async () => {
    try {
      await update({ id: request.id, attachments: [...request.attachments, ...files].map((f) => f.id) }).unwrap();
      setFiles([]);
      void message.success(t('services:request.documentsAdded'));
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <Flex vertical gap={8} align="flex-start" style={{ marginTop: 12 }} data-testid="add-documents">
      <FilesField value={files} onChange={setFiles} max={room} disabled={isLoading} testId="add-documents-files" />
      {files.length > 0 && (
        <Button type="primary" loading={isLoading} onClick={() => void save()} data-testid="add-documents-save">
          {t('services:request.saveDocuments')}
        </Button>
      )}
    </Flex>
  );
}
