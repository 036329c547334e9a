import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Batch, TraceEvent } from '@agrihub/contract/schemas/traceabilities';
import { traceEventRequest } from '@agrihub/contract/schemas/traceabilities';
import { isApiError } from '../../../lib/api-error';
import { contractRule, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useEnumOptions } from '../../../lib/enums';
import { useAddEventMutation, useUpdateEventMutation } from '../api/batches-api';
import { eventToValues, eventValuesToRequest, type EventFormValues } from '../lib/batch-form';
import { DocumentsField } from './documents-field';
import { PhotosField } from './photos-field';
import { LocationSelect } from './location-select';

const FIELDS = ['step', 'occurred_at', 'place', 'location_id', 'description', 'photo_ids', 'document_ids'];

interface Props {
  batchId: number;
  /** null: a new event; otherwise the event being edited. */
  event: TraceEvent | null;
  open: boolean;
  onClose: () => void;
  onSaved: (b: Batch) => void;
}

/** Add or edit one event (stage): step, time, place, description, photos, documents. */
export function EventModal({ batchId, event, open, onClose, onSaved }: Props) {
  const { t } = useTranslation('batches');
  const stepOptions = useEnumOptions('traceStep');
  const { message } = App.useApp();
  const [form] = Form.useForm<EventFormValues>();
  const [add, adding] = useAddEventMutation();
  const [update, updating] = useUpdateEventMutation();
  const rule = (field: string) => contractRule(traceEventRequest, field, t, (v) => eventValuesToRequest(v));

  useEffect(() => {
    if (open) form.setFieldsValue(eventToValues(event));
  }, [open, event, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = eventValuesToRequest(form.getFieldsValue(true) as EventFormValues);
    try {
      const saved = event
        ? await update({ id: batchId, eventId: event.id, body }).unwrap()
        : await add({ id: batchId, body }).unwrap();
      void message.success(t(event ? 'events.updated' : 'events.added'));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void message.error(t('errors.generic'));
      const fields = serverFieldErrors(error.errors, FIELDS).map((f) =>
        f.name[0] === 'photo_ids'
          ? { ...f, name: ['photos'] }
          : f.name[0] === 'document_ids'
            ? { ...f, name: ['documents'] }
            : f,
      );
      showFieldErrors(form, fields);
      void message.error(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={event ? t('events.edit') : t('events.add')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={adding.isLoading || updating.isLoading}
      okButtonProps={{ 'data-testid': 'save-event' }}
      width={720}
      forceRender
    >
      <Form<EventFormValues>
        name="batch-event"
        noValidate
        form={form}
        layout="vertical"
        data-testid="event-form"
        initialValues={eventToValues(event)}
      >
        <Form.Item name="step" label={t('events.step')} required rules={[rule('step')]}>
          <Select placeholder={t('events.stepPlaceholder')} options={stepOptions} data-testid="event-step" />
        </Form.Item>
        <Form.Item name="occurred_at" label={t('events.time')} required rules={[rule('occurred_at')]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            style={{ width: '100%' }}
            data-testid="event-time"
          />
        </Form.Item>
        <Form.Item
          name="location_id"
          label={t('events.location')}
          rules={[rule('location_id')]}
          extra={t('events.locationHint')}
        >
          <LocationSelect />
        </Form.Item>
        <Form.Item name="place" label={t('events.place')} rules={[rule('place')]}>
          <Input maxLength={200} placeholder={t('events.placePlaceholder')} data-testid="event-place" />
        </Form.Item>
        <Form.Item name="description" label={t('events.description')} rules={[rule('description')]}>
          <Input.TextArea
            rows={4}
            maxLength={2000}
            showCount
            placeholder={t('events.descriptionPlaceholder')}
            data-testid="event-description"
          />
        </Form.Item>
        <Form.Item name="photos" label={t('events.photos')}>
          <PhotosField />
        </Form.Item>
        <Form.Item name="documents" label={t('events.documents')}>
          <DocumentsField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
