import { Alert, Card, Col, Descriptions, Row, Table, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrder, PurchaseOrderLine } from '@agrihub/contract/schemas/purchase-orders';
import { formatPhone } from '@agrihub/contract/phone';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { TotalsSummary } from './totals-summary';
import { FileLink } from '../../../components/file-link';

const day = (ymd: string) => ymd.split('-').reverse().join('/');

/** An order that can no longer be edited (approved, cancelled) or that the reader may only read. */
export function OrderView({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation('purchase-orders');
  const locale = currentLocale();
  const s = order.supplier;
  const quantity = (n: number) =>
    new Intl.NumberFormat(locale === 'vi' ? 'vi-VN' : 'en-US', { maximumFractionDigits: 3 }).format(n);
  return (
    <>
      {order.status === 'cancelled' && order.reason && (
        <Alert
          type="error"
          showIcon
          title={t('view.cancelled', { reason: order.reason })}
          data-testid="order-cancel-reason"
        />
      )}
      {order.status === 'approved' && (
        <Alert
          type="success"
          showIcon
          data-testid="order-approved"
          title={t('view.approved', {
            name: order.approved_by?.name ?? '—',
            time: formatDateTime(order.approved_at, locale),
          })}
          description={
            order.mailed_to
              ? t('view.mailed', { email: order.mailed_to, time: formatDateTime(order.mailed_at, locale) })
              : t('view.notMailed')
          }
        />
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Card title={t('form.supplier')} size="small" data-testid="order-view-supplier">
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'name', label: t('form.supplierName'), children: s.name },
                { key: 'type', label: t('form.supplierType'), children: t(`supplierType.${s.type}`) },
                { key: 'tax', label: t('form.supplierTaxCode'), children: s.tax_code ?? '—' },
                { key: 'address', label: t('form.supplierAddress'), children: s.address ?? '—' },
                { key: 'email', label: t('form.supplierEmail'), children: s.email ?? '—' },
                { key: 'phone', label: t('form.supplierPhone'), children: formatPhone(s.phone) || '—' },
                { key: 'contact', label: t('form.supplierContact'), children: s.contact_name ?? '—' },
              ]}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card title={t('form.delivery')} size="small" data-testid="order-view-delivery">
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'order', label: t('form.orderDate'), children: day(order.order_date) },
                { key: 'delivery', label: t('form.deliveryDate'), children: day(order.delivery_date) },
                { key: 'place', label: t('form.deliveryPlace'), children: order.delivery_place },
                { key: 'terms', label: t('form.paymentTerms'), children: order.payment_terms ?? '—' },
                { key: 'note', label: t('form.note'), children: order.note ?? '—' },
                {
                  key: 'by',
                  label: t('view.createdBy'),
                  children: `${order.created_by?.name ?? '—'} · ${formatDate(order.created_at, locale)}`,
                },
                {
                  key: 'files',
                  label: t('form.attachments'),
                  children: order.attachments.length
                    ? order.attachments.map((a) => (
                        <div key={a.id}>
                          <FileLink url={a.url} filename={a.filename} testId="order-attachment">
                            <PaperClipOutlined /> {a.filename}
                          </FileLink>
                        </div>
                      ))
                    : '—',
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('form.lines')} size="small">
        <Table<PurchaseOrderLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.lines}
          data-testid="order-view-lines"
          columns={[
            { key: 'n', title: '#', width: 40, render: (_, __, i) => i + 1 },
            { key: 'description', title: t('lines.description'), dataIndex: 'description' },
            { key: 'unit', title: t('lines.unit'), dataIndex: 'unit', width: 80 },
            {
              key: 'quantity',
              title: t('lines.quantity'),
              width: 100,
              align: 'right',
              render: (_, l) => quantity(l.quantity),
            },
            {
              key: 'price',
              title: t('lines.unitPrice'),
              width: 130,
              align: 'right',
              render: (_, l) => formatMoney(l.unit_price),
            },
            {
              key: 'discount',
              title: t('lines.discount'),
              width: 140,
              align: 'right',
              render: (_, l) =>
                l.discount
                  ? `${l.discount_type === 'percent' ? `${quantity(l.discount_value)}% · ` : ''}${formatMoney(l.discount)}`
                  : '—',
            },
            { key: 'vat', title: t('lines.vat'), width: 80, align: 'center', render: (_, l) => `${l.vat_rate}%` },
            { key: 'net', title: t('lines.amount'), width: 140, align: 'right', render: (_, l) => formatMoney(l.net) },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col span={12} offset={12}>
          <Card title={t('form.totals')} size="small">
            <TotalsSummary totals={order.totals} testId="order-view-totals" />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary" data-testid="order-read-only">
        {t(
          order.editable || order.status === 'pending' || order.status === 'processing'
            ? 'view.readOnlyHelp'
            : 'view.lockedHelp',
        )}
      </Typography.Text>
    </>
  );
}
