import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRequest, ServiceRequestUpdate } from '@agrihub/contract/schemas/service-requests';
import { isApiError } from '../../../lib/api-error';
import { serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useUpdateMyRequestMutation } from '../api/services-api';
import { answersOf, formValuesOf, ServiceAnswers, ServiceFieldInputs } from './service-fields';

/**
 * The answers to the service's own fields on the producer's request page; while the request is
 * editable (filling in, or sent back by staff for more information) the producer edits them. A
 * refused save keeps what was typed and shows the errors under the fields.
 */
export function RequestAnswers({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation(['services', 'common']);
  const { message } = App.useApp();
  const fields = request.service.form_fields ?? [];
  const answers = (request.form.fields ?? {}) as Record<string, unknown>;
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ fields: Record<string, unknown> }>();
  const [update, { isLoading }] = useUpdateMyRequestMutation();
  const canEdit = request.editable && !request.locked && fields.length > 0;

  const save = async (values: { fields?: Record<string, unknown> }) => {
    setFailure(null);
    try {
      const body = { ...request.form, fields: answersOf(fields, values.fields) } as ServiceRequestUpdate['form'];
      await update({ id: request.id, form: body }).unwrap();
      setEditing(false);
      void message.success(t('services:fields.saved'));
    } catch (e) {
      if (isApiError(e)) {
        setFailure(e.message);
        showFieldErrors(
          form,
          serverFieldErrors(e.errors?.map((x) => ({ ...x, field: x.field.replace(/^form\./, '') })) ?? []),
        );
      } else setFailure(t('common:errors.generic'));
    }
  };

  if (!fields.length && !Object.keys(answers).length) return null;
  return (
    <div style={{ marginBottom: 12 }} data-testid="request-answers">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('services:fields.title')}</Typography.Text>
        {canEdit && !editing && (
          <Button
            size="small"
            onClick={() => {
              form.setFieldsValue({ fields: formValuesOf(fields, answers) });
              setEditing(true);
            }}
            data-testid="request-answers-edit"
          >
            {t('services:fields.edit')}
          </Button>
        )}
      </Flex>
      {editing ? (
        <Form
          name="request-answers"
          noValidate
          form={form}
          layout="vertical"
          disabled={isLoading}
          onFinish={(v) => void save(v)}
        >
          {failure && (
            <Alert
              type="error"
              showIcon
              title={failure}
              style={{ marginBottom: 12 }}
              data-testid="request-answers-error"
            />
          )}
          <ServiceFieldInputs fields={fields} />
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={isLoading} data-testid="request-answers-save">
              {t('services:fields.save')}
            </Button>
            <Button onClick={() => setEditing(false)} disabled={isLoading}>
              {t('common:actions.cancel')}
            </Button>
          </Flex>
        </Form>
      ) : (
        <ServiceAnswers fields={fields} answers={answers} />
      )}
    </div>
  );
}
