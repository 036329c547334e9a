import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CertificateValidity } from '@agrihub/contract/schemas/oems';
import { useEnumLabel } from '../../../lib/enums';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';

const STYLE = {
  valid: { color: 'green', icon: <CheckCircleOutlined /> },
  expiring: { color: 'orange', icon: <ClockCircleOutlined /> },
  expired: { color: 'red', icon: <CloseCircleOutlined /> },
} as const;

interface Props {
  validity: CertificateValidity;
  /** The certificate's last valid day (YYYY-MM-DD), shown in the tooltip and the days left. */
  validUntil?: string | null;
  daysLeft?: number | null;
  testId?: string;
}

/** A certificate's validity: valid, expiring within 60 days (days left), expired (labels: enums:certificateValidity). */
export function ValidityTag({ validity, validUntil, daysLeft, testId = 'certificate-validity' }: Props) {
  const { t } = useTranslation('oems');
  const label = useEnumLabel();
  const { color, icon } = STYLE[validity];
  const text =
    validity === 'expiring' && daysLeft != null
      ? t('certificates.expiringIn', { count: daysLeft })
      : label('certificateValidity', validity);
  const tag = (
    <Tag color={color} icon={icon} data-testid={testId} data-validity={validity}>
      {text}
    </Tag>
  );
  return validUntil ? (
    <Tooltip title={t('certificates.validUntilOn', { date: formatDate(validUntil, currentLocale()) })}>{tag}</Tooltip>
  ) : (
    tag
  );
}
