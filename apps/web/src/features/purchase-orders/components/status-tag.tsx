import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import type { PurchaseOrderStatus } from '@agrihub/contract/schemas/purchase-orders';
import { useEnumLabel } from '../../../lib/enums';

const STYLE = {
  pending: { color: 'default', icon: <ClockCircleOutlined /> },
  processing: { color: 'gold', icon: <SyncOutlined /> },
  approved: { color: 'green', icon: <CheckCircleOutlined /> },
  cancelled: { color: 'red', icon: <StopOutlined /> },
} as const;

/** A purchase order's status (labels: enums:purchaseOrderStatus). */
export function PurchaseOrderStatusTag({ status }: { status: PurchaseOrderStatus }) {
  const label = useEnumLabel();
  const { color, icon } = STYLE[status];
  return (
    <Tag color={color} icon={icon} data-testid="purchase-order-status" data-status={status}>
      {label('purchaseOrderStatus', status)}
    </Tag>
  );
}
