import { Descriptions, Flex, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { provinceName } from '@agrihub/contract/geo';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import type { Batch } from '@agrihub/contract/schemas/traceabilities';
import { formatDate, formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { FileLink } from '../../../components/file-link';

/** Read-only details of a batch (a published batch is shown only this way). */
export function BatchSummary({ batch }: { batch: Batch }) {
  const { t, i18n } = useTranslation('batches');
  const locale = currentLocale();
  const base = batch.production_base;
  const today = todayInVietnam();
  return (
    <Flex vertical gap={16}>
      <Descriptions bordered size="small" column={2} data-testid="batch-summary">
        <Descriptions.Item label={t('fields.product')} span={2}>
          {(i18n.language === 'en' && batch.product.name_en) || batch.product.name}
          {batch.variant && batch.variant.label !== '--' && (
            <Typography.Text type="secondary"> · {batch.variant.label}</Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.lot_code')}>{batch.lot_code}</Descriptions.Item>
        <Descriptions.Item label={t('fields.public_code')}>
          <Typography.Text copyable>{batch.public_code}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.production_date')}>
          {formatDate(batch.production_date, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.expiry_date')}>
          {batch.expiry_date ? (
            <>
              {formatDate(batch.expiry_date, locale)}{' '}
              {batch.expiry_date < today && <Tag color="red">{t('detail.expired')}</Tag>}
            </>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.quantity')}>
          {batch.quantity.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB')} {batch.unit}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.remaining')}>
          <span data-testid="batch-remaining">
            {batch.remaining_quantity.toLocaleString(locale === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 3 })}{' '}
            {batch.unit}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.scan_count')}>{batch.scan_count}</Descriptions.Item>
        <Descriptions.Item label={t('form.base')} span={2}>
          {base ? [base.name, base.address, provinceName(base.province_code)].filter(Boolean).join(' — ') : '—'}
        </Descriptions.Item>
        {batch.product.gtin && <Descriptions.Item label="GTIN">{batch.product.gtin}</Descriptions.Item>}
        {batch.published_at && (
          <Descriptions.Item label={t('fields.published_at')}>
            {formatDateTime(batch.published_at, locale)}
          </Descriptions.Item>
        )}
      </Descriptions>
      {batch.certificates.length > 0 && (
        <Descriptions
          bordered
          size="small"
          column={1}
          title={t('fields.certificates')}
          data-testid="batch-certificates"
        >
          {batch.certificates.map((c, i) => {
            const expired = !!c.valid_until && c.valid_until < today;
            return (
              <Descriptions.Item key={i} label={c.name}>
                <Flex gap={8} wrap align="center">
                  {[c.issuer, c.number && `${t('certificates.number')}: ${c.number}`].filter(Boolean).join(' · ')}
                  <Tag color={expired ? 'red' : 'green'}>
                    {c.valid_until
                      ? `${t('certificates.validUntil')} ${formatDate(c.valid_until, locale)}`
                      : t('certificates.noExpiry')}
                    {expired && ` (${t('certificates.expired')})`}
                  </Tag>
                  {c.file && (
                    <FileLink url={c.file.url} filename={c.file.filename}>
                      <PaperClipOutlined /> {c.file.filename}
                    </FileLink>
                  )}
                </Flex>
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      )}
    </Flex>
  );
}
