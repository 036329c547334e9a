import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@agrihub/contract/constants';

const STYLE = {
  pending: { color: 'gold', icon: <ClockCircleOutlined /> },
  approved: { color: 'green', icon: <CheckCircleOutlined /> },
  closed: { color: 'red', icon: <StopOutlined /> },
} as const;

/** A producer's approval status, translated (namespace admin-producers, `status.<status>`). */
export function ProducerStatusTag({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation('admin-producers');
  return (
    <Tag color={STYLE[status].color} icon={STYLE[status].icon} data-testid="producer-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
