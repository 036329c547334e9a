import { App, Flex, Switch, Tag } from 'antd';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '@agrihub/contract/permissions';
import type { Product } from '@agrihub/contract/schemas/products';
import { isApiError } from '../../../lib/api-error';
import { useSetGtinVerificationMutation } from '../api/admin-products-api';

/**
 * The GTIN with its verification: an administrator with update on product checks that the GTIN's
 * company prefix belongs to the producer and marks it verified (a GTIN change clears the mark).
 */
export function GtinVerification({ product }: { product: Product }) {
  const { t } = useTranslation('admin-products');
  const { message } = App.useApp();
  const ability = useAbility<AppAbility>();
  const [setVerified, state] = useSetGtinVerificationMutation();
  if (!product.gtin) return <>—</>;

  const onChange = (verified: boolean) =>
    setVerified({ id: product.id, verified })
      .unwrap()
      .then((a) => void message.success(a.message ?? t('gtin.saved')))
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  return (
    <Flex align="center" gap={8} wrap>
      <span>{product.gtin}</span>
      <Tag color={product.gtin_verified ? 'green' : 'default'} data-testid="gtin-verified-tag">
        {product.gtin_verified ? t('gtin.verified') : t('gtin.unverified')}
      </Tag>
      {ability.can('update', 'product') && (
        <Switch
          size="small"
          checked={product.gtin_verified}
          loading={state.isLoading}
          onChange={(v) => void onChange(v)}
          aria-label={t('gtin.toggle')}
          data-testid="gtin-verified-switch"
        />
      )}
    </Flex>
  );
}
