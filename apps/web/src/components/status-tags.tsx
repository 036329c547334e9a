import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ApprovalStatus } from '@agrihub/contract/constants';
import type { ProductStatus } from '@agrihub/contract/schemas/products';
import type { BatchState } from '@agrihub/contract/trace-steps';
import type { SaleChannelRegisterStatus, SaleChannelSyncStatus } from '@agrihub/contract/schemas/sale-channels';
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

const SALE_CHANNEL_REGISTER_STYLE = {
  pending: { color: 'gold', icon: <ClockCircleOutlined /> },
  approved: { color: 'green', icon: <CheckCircleOutlined /> },
  rejected: { color: 'red', icon: <CloseCircleOutlined /> },
  closed: { color: 'default', icon: <StopOutlined /> },
} as const;
const SALE_CHANNEL_SYNC_STYLE = {
  not_synced: { color: 'default', icon: <MinusCircleOutlined /> },
  synced: { color: 'green', icon: <CheckCircleOutlined /> },
  out_of_date: { color: 'orange', icon: <SyncOutlined /> },
  error: { color: 'red', icon: <ExclamationCircleOutlined /> },
} as const;

/** A sales channel registration's approval status (labels: enums:saleChannelRegisterStatus). */
export function SaleChannelRegisterStatusTag({
  status,
  testId = 'sale-channel-register-status',
}: {
  status: SaleChannelRegisterStatus;
  testId?: string;
}) {
  const label = useEnumLabel();
  const { color, icon } = SALE_CHANNEL_REGISTER_STYLE[status];
  return (
    <Tag color={color} icon={icon} data-testid={testId} data-status={status}>
      {label('saleChannelRegisterStatus', status)}
    </Tag>
  );
}

/**
 * A sales channel registration's sync status (labels: enums:saleChannelSyncStatus). A closed or
 * rejected registration is in no channel's feed (the feed lists approved ones only): given its
 * `registerStatus`, it says "not listed" whatever was last synced.
 */
export function SaleChannelSyncStatusTag({
  status,
  registerStatus,
  testId = 'sale-channel-sync-status',
}: {
  status: SaleChannelSyncStatus;
  registerStatus?: SaleChannelRegisterStatus;
  testId?: string;
}) {
  const label = useEnumLabel();
  const { t } = useTranslation('common');
  if (registerStatus === 'closed' || registerStatus === 'rejected') {
    return (
      <Tag color="default" icon={<StopOutlined />} data-testid={testId} data-status="unlisted">
        {t('saleChannelUnlisted')}
      </Tag>
    );
  }
  const { color, icon } = SALE_CHANNEL_SYNC_STYLE[status];
  return (
    <Tag color={color} icon={icon} data-testid={testId} data-status={status}>
      {label('saleChannelSyncStatus', status)}
    </Tag>
  );
}
