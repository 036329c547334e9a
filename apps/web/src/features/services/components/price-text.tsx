import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisterService } from '@agrihub/contract/schemas/services';
import { currentLocale } from '../../../lib/i18n';
import { priceLabel } from '../lib/price';

/** "Free", "From 1.500.000 ₫ / package" or "Price on request". */
export function PriceText({ service, strong }: { service: RegisterService; strong?: boolean }) {
  const { t } = useTranslation('services');
  const label = priceLabel(service, currentLocale());
  const text =
    label.kind === 'free'
      ? t('price.free')
      : label.kind === 'quote'
        ? t('price.quote')
        : label.unit
          ? t('price.fromPer', { amount: label.amount, unit: label.unit })
          : t('price.from', { amount: label.amount });
  return (
    <Typography.Text strong={strong} type={label.kind === 'free' ? 'success' : undefined} data-testid="service-price">
      {text}
    </Typography.Text>
  );
}
