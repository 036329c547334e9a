import { Alert, Card, Descriptions, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { formatDate, formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useGetMyRequestQuery } from '../api/services-api';
import { AddDocuments } from '../components/add-documents';
import { CancelRequestButton } from '../components/cancel-request-button';
import { FileLinks } from '../components/file-links';
import { FlowStepper } from '../components/flow-stepper';
import { ForwardMoves } from '../components/forward-moves';
import { NotesPanel } from '../components/notes-panel';
import { RequestAnswers } from '../components/request-answers';
import { RequestStatusTag } from '../components/request-progress';
import { servicePath } from '../lib/paths';
import { formatPhone } from '@agrihub/contract/phone';

/** The form's fields in the order they are asked (anything else the service asked follows). */
const FORM_FIELDS = ['contact_name', 'phone', 'email', 'company', 'address', 'note'] as const;

/** /services/requests/:id: the producer's request — progress, what it sent, the staff's notes, reply, cancel. */
export function RequestPage() {
  const { id } = useParams();
  const requestId = Number(id);
  const { t } = useTranslation(['services', 'common']);
  const label = useEnumLabel();
  const location = useLocation();
  const justRegistered = (location.state as { justRegistered?: boolean } | null)?.justRegistered;
  const valid = Number.isInteger(requestId) && requestId > 0;
  const { data: request, isLoading, error, refetch } = useGetMyRequestQuery(requestId, { skip: !valid });

  if (!valid || (isApiError(error) && error.status === 404)) {
    return <Result status="404" title={t('services:request.notFound')} extra={<Link to="/services">{t('services:detail.back')}</Link>} />;
  }
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error || !request) return <QueryError error={error} onRetry={() => void refetch()} />;

  const locale = currentLocale();
  const canCancel = request.allowed_moves.some((m) => m.to === 'cancelled');
  const free = request.service.type === 0;

  return (
    <div className="services-page" data-testid="request-page">
      <Link to="/services">{t('services:request.backToList')}</Link>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ margin: '12px 0' }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            <Link to={servicePath(request.service.slug)}>{request.service.title}</Link>
          </Typography.Title>
          <Space wrap style={{ marginTop: 8 }}>
            <RequestStatusTag status={request.status} />
            <Typography.Text type="secondary" data-testid="request-step">
              {t('services:request.step', { step: label('serviceStep', request.step) })}
            </Typography.Text>
          </Space>
        </div>
        {!request.locked && (
          <Space wrap>
            <ForwardMoves request={request} />
            {canCancel && <CancelRequestButton id={request.id} />}
          </Space>
        )}
      </Flex>

      {justRegistered && (
        <Alert
          type="success"
          showIcon
          title={free ? t('services:request.registeredFree') : t('services:request.registered')}
          style={{ marginBottom: 16 }}
          data-testid="request-registered"
        />
      )}
      {request.locked && (
        <Alert type="warning" showIcon title={t('services:request.locked')} style={{ marginBottom: 16 }} data-testid="request-locked" />
      )}
      {request.step === 'cancelled' && (
        <Alert
          type="error"
          showIcon
          title={t('services:request.cancelledTitle')}
          description={request.cancel_reason ?? undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      {request.editable && !request.locked && (
        <Alert type="info" showIcon title={t('services:request.editableHint')} style={{ marginBottom: 16 }} />
      )}

      {/* A cancelled request's stepper would not say where it stopped: the alert above tells it. */}
      {!free && request.step !== 'cancelled' && (
        <Card style={{ marginBottom: 16 }}>
          <FlowStepper type={request.service.type} step={request.step} />
          {request.step_due_at && request.step !== 'done' && (
            <Typography.Paragraph type={request.overdue ? 'danger' : 'secondary'} style={{ marginTop: 12, marginBottom: 0 }}>
              {t(request.overdue ? 'services:request.overdue' : 'services:request.dueAt', {
                date: formatDate(request.step_due_at, locale),
              })}
            </Typography.Paragraph>
          )}
        </Card>
      )}

      <Card title={t('services:request.sent')} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          {FORM_FIELDS.filter((f) => request.form[f] != null && request.form[f] !== '').map((f) => (
            <Descriptions.Item key={f} label={t(`services:form.${f === 'contact_name' ? 'contactName' : f}`)}>
              <span style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
                {f === 'phone' ? formatPhone(String(request.form[f])) : String(request.form[f])}
              </span>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('services:request.createdAt')}>
            {formatDateTime(request.created_at, locale)}
          </Descriptions.Item>
          {request.assignee && (
            <Descriptions.Item label={t('services:request.assignee')}>{request.assignee.name}</Descriptions.Item>
          )}
        </Descriptions>
        <RequestAnswers request={request} />
        {request.attachments.length > 0 && (
          <>
            <Typography.Text strong>{t('services:form.attachments')}</Typography.Text>
            <FileLinks files={request.attachments} />
          </>
        )}
        {request.editable && !request.locked && <AddDocuments request={request} />}
      </Card>

      <NotesPanel request={request} />
    </div>
  );
}
