import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetGtinPrefixesQuery } from '../api/producer-api';

/**
 * Under the GS1 prefix length: the company prefix that length makes of the producer's GTINs, and a
 * warning when it makes several (a length longer than the licence splits one prefix in two), so a
 * wrong length is seen before the EPCIS files split the GTINs wrongly (ADR 038).
 */
export function GtinPrefixCheck({ producerId, length }: { producerId: number; length: number }) {
  const { t } = useTranslation('account');
  const { data } = useGetGtinPrefixesQuery({ id: producerId, length });
  if (!data || data.products === 0) return null;
  const list = data.prefixes
    .map((p) => t('business.gs1PrefixItem', { prefix: p.prefix, count: p.products }))
    .join(', ');
  if (data.prefixes.length === 1) {
    return (
      <Typography.Text type="secondary" data-testid="gs1-prefix-check">
        {t('business.gs1PrefixOne', { list })}
      </Typography.Text>
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="gs1-prefix-check"
      title={t('business.gs1PrefixMany', { length: data.length, count: data.prefixes.length, list })}
    />
  );
}
