import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { ApprovalStatus } from '@agrihub/contract/constants';
import type { ProductStatus } from '@agrihub/contract/schemas/products';
import type { BatchState } from '@agrihub/contract/trace-steps';
import { useEnumLabel } from '../lib/enums';

const PRODUCER_STYLE = {
  pending: { color: 'gold', icon: <ClockCircleOutlined /> },
  approved: { color: 'green', icon: <CheckCircleOutlined /> },
  closed: { color: 'red', icon: <StopOutlined /> },
} as const;
const PRODUCT_COLORS: Record<ProductStatus, string> = {
  draft: 'default',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};
const BATCH_COLORS: Record<BatchState, string> = {
  draft: 'default',
  published: 'green',
  on_hold: 'orange',
  recalled: 'red',
};

/** A producer's approval status (labels: enums:producerStatus). */
export function ProducerStatusTag({ status, testId = 'producer-status' }: { status: ApprovalStatus; testId?: string }) {
  const label = useEnumLabel();
  const { color, icon } = PRODUCER_STYLE[status];
  return (
    <Tag color={color} icon={icon} data-testid={testId} data-status={status}>
      {label('producerStatus', status)}
    </Tag>
  );
}

/** A product's review status (labels: enums:productStatus). */
export function ProductStatusTag({ status }: { status: ProductStatus }) {
  const label = useEnumLabel();
  return (
    <Tag color={PRODUCT_COLORS[status]} data-testid="product-status" data-status={status}>
      {label('productStatus', status)}
    </Tag>
  );
}

/** draft, published, on hold, recalled: the batch's `state` (labels: enums:batchState). */
export function BatchStateTag({ state }: { state: BatchState }) {
  const label = useEnumLabel();
  return (
    <Tag color={BATCH_COLORS[state]} data-testid="batch-state" data-state={state}>
      {label('batchState', state)}
    </Tag>
  );
}
