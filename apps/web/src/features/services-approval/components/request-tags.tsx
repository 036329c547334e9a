import { Progress, Space, Tag, Tooltip } from 'antd';
import { ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flowSteps, progressPercent } from '@agrihub/contract/service-flow';
import { useEnumLabel } from '../../../lib/enums';
import type { AdminServiceRequest } from '../api/services-approval-api';

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  processing: 'blue',
  approved: 'green',
  cancelled: 'red',
};

/** A request's status (labels: enums:serviceRequestStatus), with the locked and overdue marks. */
export function RequestStatusTags({
  request,
}: {
  request: Pick<AdminServiceRequest, 'status' | 'locked' | 'overdue'>;
}) {
  const { t } = useTranslation('services-approval');
  const label = useEnumLabel();
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[request.status]} data-testid="request-status">
        {label('serviceRequestStatus', request.status)}
      </Tag>
      {request.overdue && (
        <Tag color="volcano" icon={<ClockCircleOutlined />} data-testid="request-overdue">
          {t('marks.overdue')}
        </Tag>
      )}
      {request.locked && (
        <Tag icon={<LockOutlined />} data-testid="request-locked">
          {t('marks.locked')}
        </Tag>
      )}
    </Space>
  );
}

/** The steps as a progress bar: one segment per step of the request's flow, the current one named. */
export function StepProgress({ request }: { request: Pick<AdminServiceRequest, 'step' | 'service'> }) {
  const label = useEnumLabel();
  const steps = flowSteps(request.service.type);
  const cancelled = request.step === 'cancelled';
  const done = Math.max(0, steps.indexOf(request.step)) + 1;
  return (
    <Tooltip title={label('serviceStep', request.step)}>
      <div data-testid="request-progress" data-step={request.step}>
        <Progress
          size={[14, 8]}
          steps={Math.max(steps.length, 1)}
          percent={cancelled ? 100 : steps.length ? progressPercent(request.service.type, request.step) : 100}
          strokeColor={cancelled ? '#d9d9d9' : undefined}
          showInfo={false}
          aria-label={label('serviceStep', request.step)}
        />
        <div style={{ fontSize: 12 }}>
          {label('serviceStep', request.step)}
          {!cancelled && steps.length > 0 && ` (${done}/${steps.length})`}
        </div>
      </div>
    </Tooltip>
  );
}
