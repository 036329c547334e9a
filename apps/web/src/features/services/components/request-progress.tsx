import { Progress, Tag } from 'antd';
import { progressPercent } from '@agrihub/contract/service-flow';
import type { ServiceRequestStatus } from '@agrihub/contract/schemas/service-requests';
import { useEnumLabel } from '../../../lib/enums';

const STATUS_COLOR: Record<ServiceRequestStatus, string> = {
  pending: 'default',
  processing: 'processing',
  approved: 'success',
  cancelled: 'error',
};

/** A request's derived status as a tag. */
export function RequestStatusTag({ status }: { status: ServiceRequestStatus }) {
  const label = useEnumLabel();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="request-status">
      {label('serviceRequestStatus', status)}
    </Tag>
  );
}

/** How far the request is through its flow, with the current step's name. */
export function RequestProgress({ type, step }: { type: number; step: string }) {
  const label = useEnumLabel();
  const cancelled = step === 'cancelled';
  return (
    <div>
      <Progress
        percent={progressPercent(type, step)}
        size="small"
        status={cancelled ? 'exception' : step === 'done' ? 'success' : 'active'}
        showInfo={false}
        aria-label={label('serviceStep', step)}
      />
      <span className="public-muted">{label('serviceStep', step)}</span>
    </div>
  );
}
