import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import type { AdminServiceRequestDetail } from '../api/services-approval-api';
import { FileLinks } from './file-links';
import { RequestStatusTags } from './request-tags';

/** A value of the producer's form or the booking, as text. */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

const FORM_FIELDS = ['contact_name', 'phone', 'email', 'company', 'address', 'note'] as const;

/** What the producer asked: service, producer, the form's fields, files, booking, due date. */
export function RequestDetails({ request }: { request: AdminServiceRequestDetail }) {
  const { t } = useTranslation('services-approval');
  const locale = currentLocale();
  const form = request.form;
  const extra = (form.fields && typeof form.fields === 'object' ? form.fields : {}) as Record<string, unknown>;
  return (
    <Card title={t('detail.request')} size="small">
      <Descriptions column={2} bordered size="small" data-testid="request-details">
        <Descriptions.Item label={t('fields.service')}>{request.service.title}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <RequestStatusTags request={request} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.producer')}>{request.producer.name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.requester')}>{request.user?.name ?? '—'}</Descriptions.Item>
        {FORM_FIELDS.map((f) => (
          <Descriptions.Item key={f} label={t(`form.${f}`)} span={f === 'note' || f === 'address' ? 2 : 1}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{show(form[f])}</span>
          </Descriptions.Item>
        ))}
        {Object.entries(extra).map(([k, v]) => (
          <Descriptions.Item key={`x-${k}`} label={k}>
            {show(v)}
          </Descriptions.Item>
        ))}
        {request.booking && (
          <Descriptions.Item label={t('fields.booking')} span={2}>
            {Object.entries(request.booking)
              .map(([k, v]) => `${k}: ${show(v)}`)
              .join(' · ')}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.attachments')} span={2}>
          {request.attachments.length ? <FileLinks files={request.attachments} testId="request-files" /> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.due_at')}>
          {request.step_due_at ? formatDateTime(request.step_due_at, locale) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.created_at')}>{formatDateTime(request.created_at, locale)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
