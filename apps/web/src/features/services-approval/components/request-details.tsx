import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import type { AdminServiceRequestDetail } from '../api/services-approval-api';
import { FileLinks } from './file-links';
import { RequestStatusTags } from './request-tags';
import { answerText, fieldLabel } from '@agrihub/contract/schemas/service-form';
import { formatPhone } from '@agrihub/contract/phone';

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
  // A department registration's booking (contract departmentBooking), labelled, dates and VND formatted.
  const booking = request.booking;
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
            <span style={{ whiteSpace: 'pre-wrap' }}>
              {show(f === 'phone' && typeof form[f] === 'string' ? formatPhone(form[f]) : form[f])}
            </span>
          </Descriptions.Item>
        ))}
        {/* The answers to the service's own fields, labelled by its form (a removed field shows its key). */}
        {Object.entries(extra).map(([k, v]) => {
          const field = request.service.form_fields?.find((f) => f.key === k);
          return (
            <Descriptions.Item key={`x-${k}`} label={field ? fieldLabel(field, locale) : k}>
              <span style={{ whiteSpace: 'pre-wrap' }} data-testid={`request-answer-${k}`}>
                {field ? answerText(field, v, locale) : show(v)}
              </span>
            </Descriptions.Item>
          );
        })}
        {booking && (
          <Descriptions.Item label={t('fields.booking')} span={2}>
            <span data-testid="request-booking">
              {t('booking.summary', {
                room: show(booking.room_name),
                location: show(booking.location),
                size: show(booking.size_m2),
                months: show(booking.months),
                start: formatDate(String(booking.start_date), locale),
                end: formatDate(String(booking.end_date), locale),
                total: typeof booking.total === 'number' ? formatMoney(booking.total) : '—',
              })}
            </span>
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
