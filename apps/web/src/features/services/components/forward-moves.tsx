import { useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_FILES_MAX, type ServiceRequest } from '@agrihub/contract/schemas/service-requests';
import type { Upload } from '@agrihub/contract/schemas/uploads';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { useMoveMyRequestMutation } from '../api/services-api';
import { FilesField } from './files-field';
import { useFormName } from '../../../lib/form-name';

type Move = ServiceRequest['allowed_moves'][number];

/**
 * The producer's own forward moves the server offers (submit the information; send the dossier,
 * which carries files). Each asks for confirmation.
 */
export function ForwardMoves({ request }: { request: ServiceRequest }) {
  const moves = request.allowed_moves.filter((m) => m.to !== 'cancelled');
  return (
    <>
      {moves.map((m) => (
        <MoveButton key={m.to} id={request.id} move={m} />
      ))}
    </>
  );
}

function MoveButton({ id, move }: { id: number; move: Move }) {
  const formName = useFormName('request-move');
  const { t } = useTranslation(['services', 'common']);
  const label = useEnumLabel();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<Upload[]>([]);
  const [run, { isLoading }] = useMoveMyRequestMutation();
  const withFiles = move.to === 'submitted_profile';

  const onOk = async () => {
    try {
      await run({ id, to: move.to, attachments: files.map((f) => f.id) }).unwrap();
      void message.success(t('services:request.moved', { step: label('serviceStep', move.to) }));
      setOpen(false);
      setFiles([]);
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid={`request-move-${move.to}`}>
        {move.to === 'advice'
          ? t('services:request.submitInfo')
          : withFiles
            ? t('services:request.submitDossier')
            : t('services:request.moveTo', { step: label('serviceStep', move.to) })}
      </Button>
      <Modal
        open={open}
        title={t('services:request.moveTitle', { step: label('serviceStep', move.to) })}
        okText={t('services:request.confirm')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ loading: isLoading }}
        onOk={() => void onOk()}
        onCancel={() => setOpen(false)}
      >
        <p>{withFiles ? t('services:request.dossierHint') : t('services:request.moveHint')}</p>
        {withFiles && (
          <Form name={formName} noValidate layout="vertical">
            <Form.Item label={t('services:form.attachments')}>
              <FilesField value={files} onChange={setFiles} max={SERVICE_REQUEST_FILES_MAX} testId="move-files" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
