import { Card, Descriptions, Empty, Flex, Image, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { provinceName } from '@agrihub/contract/geo';
import type { AdminProducerDetail, ProducerUser } from '@agrihub/contract/schemas/admin-producers';
import { formatPhone } from '@agrihub/contract/phone';
import { useEnumLabel } from '../../../lib/enums';
import { useExistingPages } from '../../../components/existing-pages';
import { paths } from '../../../config/paths';
import { AppCan } from '../../../lib/ability';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';

const text = (v: string | null) => v || '—';

/** A producer, read-only, for administrators: business fields, counts and its user accounts. */
export function ProducerDetails({ detail }: { detail: AdminProducerDetail }) {
  const { t } = useTranslation('admin-producers');
  const label = useEnumLabel();
  const existing = useExistingPages();
  const locale = currentLocale();
  const { producer: p, users, counts } = detail;
  const productsLink = `${paths.adminProducts}?producer_id=${p.id}`;

  return (
    <Flex vertical gap={16}>
      <Card title={t('detail.business')}>
        <Flex gap={24} align="flex-start">
          {p.logo_url && <Image src={p.logo_url} alt={p.name} width={96} data-testid="producer-logo" />}
          <Descriptions column={2} bordered size="small" style={{ flex: 1 }} data-testid="producer-details">
            <Descriptions.Item label={t('fields.name')}>{p.name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.producer_type')}>
              {label('producerType', p.producer_type)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.business_fields')} span={2}>
              {p.business_fields.length
                ? p.business_fields.map((f) => <Tag key={f}>{label('businessField', f)}</Tag>)
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.tax_code')}>{text(p.tax_code)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.representative')}>{text(p.representative)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.phone')}>{text(formatPhone(p.phone))}</Descriptions.Item>
            <Descriptions.Item label={t('fields.email')}>{text(p.email)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.website')}>
              {p.website ? (
                <a
                  href={/^https?:\/\//i.test(p.website) ? p.website : `https://${p.website}`}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {p.website}
                </a>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.province_code')}>
              {provinceName(p.province_code) ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.address')} span={2}>
              {text(p.address)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.description')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {text(p.description)}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.created_at')}>{formatDateTime(p.created_at, locale)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.updated_at')}>{formatDateTime(p.updated_at, locale)}</Descriptions.Item>
          </Descriptions>
        </Flex>
      </Card>
      <Card title={t('detail.activity')}>
        <Flex gap={48}>
          <Statistic title={t('detail.products')} value={counts.products} data-testid="producer-product-count" />
          <Statistic title={t('detail.batches')} value={counts.batches} data-testid="producer-batch-count" />
          <Statistic title={t('detail.accounts')} value={users.length} />
        </Flex>
        {counts.products > 0 && existing.has(paths.adminProducts) && (
          <AppCan I="read" a="product">
            <Link
              to={productsLink}
              style={{ display: 'inline-block', marginTop: 12 }}
              data-testid="producer-products-link"
            >
              {t('detail.viewProducts')}
            </Link>
          </AppCan>
        )}
      </Card>
      <Card title={t('detail.users')} data-testid="producer-users">
        <Table<ProducerUser>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={users}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noUsers')} /> }}
          columns={[
            { title: t('users.name'), dataIndex: 'name', key: 'name' },
            { title: t('users.email'), dataIndex: 'email', key: 'email' },
            {
              title: t('users.phone'),
              dataIndex: 'phone',
              key: 'phone',
              render: (v: string | null) => text(formatPhone(v)),
            },
            {
              title: t('users.createdAt'),
              dataIndex: 'created_at',
              key: 'created_at',
              render: (v: string) => formatDateTime(v, locale),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
