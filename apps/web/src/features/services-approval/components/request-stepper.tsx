import { Alert, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupIndex, stepperGroups } from '@agrihub/contract/service-flow';
import { useEnumLabel } from '../../../lib/enums';
import type { AdminServiceRequest } from '../api/services-approval-api';

/**
 * The request's flow as the spec's UI groups (full: register, advice, contract/paid, prepare,
 * approve, finish; the short flow without approve), each naming its steps, the current step bold.
 */
export function RequestStepper({ request }: { request: Pick<AdminServiceRequest, 'step' | 'service' | 'cancel_reason'> }) {
  const { t } = useTranslation('services-approval');
  const label = useEnumLabel();
  const groups = stepperGroups(request.service.type);
  if (!groups.length) return <Alert type="info" showIcon title={t('detail.freeService')} />;
  const cancelled = request.step === 'cancelled';
  const current = groupIndex(request.service.type, request.step);
  const finished = request.step === 'done';
  return (
    <>
      {cancelled && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('detail.cancelled')}
          description={request.cancel_reason ?? undefined}
          data-testid="request-cancelled"
        />
      )}
      <Steps
        size="small"
        current={cancelled ? -1 : current}
        status={finished ? 'finish' : 'process'}
        data-testid="request-stepper"
        items={groups.map((g, i) => ({
          title: label('serviceUiGroup', g.group),
          status: cancelled ? 'wait' : finished || i < current ? 'finish' : i === current ? 'process' : 'wait',
          description: g.steps.map((s) => (
            <div key={s} style={{ fontWeight: s === request.step ? 600 : undefined }} data-current={s === request.step || undefined}>
              {label('serviceStep', s)}
            </div>
          )),
        }))}
      />
    </>
  );
}
