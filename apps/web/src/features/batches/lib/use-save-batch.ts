import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchRequest, type Batch } from '@agrihub/contract/schemas/traceabilities';
import { isApiError } from '../../../lib/api-error';
import { formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useCreateBatchMutation, useUpdateBatchMutation } from '../api/batches-api';
import { valuesToRequest, type BatchFormValues } from './batch-form';

const FORM_FIELDS = [
  'product_id',
  'variant_id',
  'lot_code',
  'production_date',
  'expiry_date',
  'quantity',
  'unit',
  'production_base',
  'certificates',
];

/**
 * Validates with antd rules and the contract schema, sends POST or PUT, and on failure keeps every
 * edit, puts the server's field errors on the fields and shows the server's message. A PUT carries
 * `updatedAt` (the version being edited): when someone else saved since, the answer is 409
 * stale_update and `stale` turns true, the edits staying in the form.
 */
export function useSaveBatch(
  form: FormInstance<BatchFormValues>,
  batchId: number | null,
  onSaved: (b: Batch) => void,
  updatedAt?: string,
) {
  const { t } = useTranslation('batches');
  const { message } = App.useApp();
  const [create, creating] = useCreateBatchMutation();
  const [update, updating] = useUpdateBatchMutation();
  const [stale, setStale] = useState(false);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.invalid'));
      return;
    }
    const body = valuesToRequest(form.getFieldsValue(true) as BatchFormValues);
    const issues = formIssues(batchRequest, body, t);
    if (issues.length) {
      showFieldErrors(form, issues);
      void message.error(t('form.invalid'));
      return;
    }
    try {
      const saved =
        batchId === null
          ? await create(body).unwrap()
          : await update({ id: batchId, body: { ...body, updated_at: updatedAt } }).unwrap();
      void message.success(t(batchId === null ? 'form.created' : 'form.saved'));
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) {
        void message.error(t('errors.generic'));
        return;
      }
      if (error.status === 409 && error.code === 'stale_update') {
        setStale(true);
        void message.error(error.message);
        return;
      }
      const fields = serverFieldErrors(error.errors, FORM_FIELDS);
      if (error.status === 409 && error.code === 'lot_taken')
        fields.push({ name: ['lot_code'], errors: [error.message] });
      showFieldErrors(form, fields);
      void message.error(error.message);
    }
  };

  return { save, saving: creating.isLoading || updating.isLoading, stale };
}
