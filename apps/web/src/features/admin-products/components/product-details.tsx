import { Card, Descriptions, Empty, Flex, Image, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, provinceName } from '@agrihub/contract/geo';
import type { Product } from '@agrihub/contract/schemas/products';
import { AccentTag } from '../../../components/accent-tag';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { GtinVerification } from './gtin-verification';
import { FileLink } from '../../../components/file-link';

const money = (m: { cents: number } | null) => (m ? formatMoney(m.cents) : '—');

/** A product, read-only, for the reviewer: fields in both languages, images, variants, certificates. */
export function ProductDetails({ product: p, productTypeName }: { product: Product; productTypeName?: string }) {
  const { t, i18n } = useTranslation(['products', 'admin-products']);
  const en = i18n.language === 'en';
  const locale = currentLocale();
  const country = COUNTRIES.find((c) => c.code === p.origin_country);
  const today = new Date().toISOString().slice(0, 10);

  return (
    <Flex vertical gap={16}>
      <Card title={t('products:sections.general')}>
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('products:fields.name')}>{p.name}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.nameEn')}>{p.name_en ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.producer')}>{p.producer_name}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.category')}>
            {(en ? p.category_path_en : p.category_path) ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('products:fields.productType')}>{productTypeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.unit')}>{p.unit}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.price')}>{money(p.price)}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.shipping_price')}>{money(p.shipping_price)}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.discount_price')}>{money(p.discount_price)}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.tax_rate')}>
            {p.tax_rate === null ? '—' : `${p.tax_rate}%`}
          </Descriptions.Item>
          <Descriptions.Item label={t('products:fields.gtin')}>
            <GtinVerification product={p} />
          </Descriptions.Item>
          <Descriptions.Item label={t('products:fields.sku')}>{p.sku ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('products:fields.origin_country')}>
            {country ? (en ? country.en : country.vi) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('products:fields.origin_province_code')}>
            {provinceName(p.origin_province_code) ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('products:fields.description')} span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {p.description ?? '—'}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('products:fields.descriptionEn')} span={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {p.description_en ?? '—'}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('products:sections.images')}>
        {p.images.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin-products:detail.noImages')} />
        ) : (
          <Image.PreviewGroup>
            <Flex wrap gap={12} data-testid="admin-product-images">
              {p.images.map((img, i) => (
                <Flex key={img.id} vertical align="center" gap={4}>
                  <Image
                    src={img.thumbnail_url ?? img.url}
                    preview={{ src: img.url }}
                    width={140}
                    height={105}
                    style={{ objectFit: 'cover' }}
                    alt={t('products:images.alt', { n: i + 1 })}
                  />
                  {i === 0 && <AccentTag>{t('products:images.cover')}</AccentTag>}
                </Flex>
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
      </Card>
      <Card title={t('products:sections.variants')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={p.variants}
          locale={{ emptyText: t('admin-products:detail.noVariants') }}
          onRow={() => ({ 'data-testid': 'variant-row' }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'thumb',
              title: t('products:variants.thumbnail'),
              width: 80,
              render: (_, v) =>
                v.thumbnail_url ? <Image src={v.thumbnail_url} width={40} height={40} alt={v.label} /> : '—',
            },
            { key: 'label', title: t('products:variants.variant'), dataIndex: 'label' },
            { key: 'price', title: t('products:variants.price'), align: 'right', render: (_, v) => money(v.price) },
            { key: 'sku', title: t('products:variants.customerSku'), render: (_, v) => v.customer_sku ?? '—' },
          ]}
        />
      </Card>
      <Card title={t('products:sections.certificates')}>
        <Table
          size="small"
          rowKey={(_, i) => String(i)}
          pagination={false}
          dataSource={p.certificates}
          locale={{ emptyText: t('products:certificates.empty') }}
          columns={[
            { key: 'name', title: t('products:certificates.name'), dataIndex: 'name' },
            { key: 'issuer', title: t('products:certificates.issuer'), render: (_, c) => c.issuer || '—' },
            { key: 'number', title: t('products:certificates.number'), render: (_, c) => c.number || '—' },
            {
              key: 'valid',
              title: t('products:certificates.validUntil'),
              render: (_, c) =>
                c.valid_until ? (
                  <Flex gap={6} align="center">
                    {formatDate(c.valid_until, locale)}
                    {c.valid_until < today && <Tag color="red">{t('admin-products:detail.expired')}</Tag>}
                  </Flex>
                ) : (
                  '—'
                ),
            },
            {
              key: 'file',
              title: t('products:certificates.file'),
              render: (_, c) =>
                c.file ? (
                  <FileLink url={c.file.url} filename={c.file.filename}>
                    {c.file.filename}
                  </FileLink>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
