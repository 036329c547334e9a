import { useState } from 'react';
import { Avatar, Button, Flex, Input, Table, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { variantKey, variantLabel, type VariantDraft } from '@agrihub/contract/variants';
import { MoneyInput } from './money-input';
import { UploadButton } from '../../../components/upload-button';

interface Props {
  variants: VariantDraft[];
  disabled?: boolean;
  onChange: (index: number, patch: Partial<VariantDraft>) => void;
  onPriceToAll: (cents: number | null) => void;
}

function ThumbnailCell({
  variant,
  disabled,
  onChange,
}: {
  variant: VariantDraft;
  disabled?: boolean;
  onChange: (patch: Partial<VariantDraft>) => void;
}) {
  const { t } = useTranslation('products');
  const [busy, setBusy] = useState(false);
  return (
    <Flex vertical align="center" gap={2}>
      <UploadButton
        ns="products"
        kind="image"
        disabled={disabled || busy}
        onBusy={setBusy}
        onUploaded={(f) => onChange({ thumbnail_id: f.id, thumbnail_url: f.thumbnail_url ?? f.url })}
      >
        <Avatar
          shape="square"
          size={40}
          src={variant.thumbnail_url ?? undefined}
          icon={<PictureOutlined />}
          style={{ cursor: disabled ? 'default' : 'pointer' }}
        />
      </UploadButton>
      {!disabled && variant.thumbnail_id && (
        <Button size="small" type="link" onClick={() => onChange({ thumbnail_id: null, thumbnail_url: null })}>
          {t('variants.removeThumbnail')}
        </Button>
      )}
    </Flex>
  );
}

/** The variants (cross product of the option groups): price, customer SKU and thumbnail per row. */
export function VariantsTable({ variants, disabled, onChange, onPriceToAll }: Props) {
  const { t } = useTranslation('products');
  const [allPrice, setAllPrice] = useState<number | null>(null);

  return (
    <Flex vertical gap={12}>
      {!disabled && (
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('variants.priceForAll')}</Typography.Text>
          <MoneyInput
            style={{ width: 200 }}
            value={allPrice}
            onChange={(v) => setAllPrice(v ?? null)}
            aria-label={t('variants.priceForAll')}
            data-testid="apply-price-value"
          />
          <Button onClick={() => onPriceToAll(allPrice)} disabled={allPrice === null} data-testid="apply-price-all">
            {t('variants.applyToAll')}
          </Button>
        </Flex>
      )}
      <Table<VariantDraft>
        size="small"
        bordered
        pagination={false}
        dataSource={variants}
        rowKey={(v) => variantKey(v.types)}
        onRow={() => ({ 'data-testid': 'variant-row' }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('variants.empty') }}
        columns={[
          {
            key: 'thumbnail',
            title: t('variants.thumbnail'),
            width: 90,
            render: (_, v, i) => (
              <ThumbnailCell variant={v} disabled={disabled} onChange={(patch) => onChange(i, patch)} />
            ),
          },
          {
            key: 'label',
            title: t('variants.variant'),
            render: (_, v) => <span data-testid="variant-label">{variantLabel(v.types)}</span>,
          },
          {
            key: 'price',
            title: t('variants.price'),
            width: 170,
            render: (_, v, i) => (
              <MoneyInput
                value={v.price?.cents ?? null}
                disabled={disabled}
                data-testid="variant-price"
                onChange={(n) =>
                  onChange(i, { price: n === null || n === undefined ? null : { cents: Math.round(n) } })
                }
              />
            ),
          },
          {
            key: 'sku',
            title: t('variants.customerSku'),
            width: 170,
            render: (_, v, i) => (
              <Input
                value={v.customer_sku ?? ''}
                disabled={disabled}
                maxLength={64}
                data-testid="variant-sku"
                onChange={(e) => onChange(i, { customer_sku: e.target.value || null })}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
