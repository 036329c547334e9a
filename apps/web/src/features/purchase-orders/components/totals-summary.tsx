import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountInWords } from '@agrihub/contract/amount-in-words';
import type { PurchaseOrderTotals } from '@agrihub/contract/purchase-order-totals';
import { formatMoney } from '../../../lib/formatters';

interface Props {
  totals: Pick<PurchaseOrderTotals, 'subtotal' | 'discount' | 'tax' | 'total'> & {
    vat: readonly { rate: number; base: number; tax: number }[];
  };
  /** The form's preview: lines still being typed are not counted yet. */
  incomplete?: number;
  testId: string;
}

/** Subtotal, discount, base and VAT per rate, total VAT, grand total and the total in Vietnamese words. */
export function TotalsSummary({ totals, incomplete = 0, testId }: Props) {
  const { t } = useTranslation('purchase-orders');
  const items = [
    { key: 'subtotal', label: t('totals.subtotal'), children: formatMoney(totals.subtotal) },
    ...(totals.discount
      ? [{ key: 'discount', label: t('totals.discount'), children: `-${formatMoney(totals.discount)}` }]
      : []),
    ...totals.vat.flatMap((g) => [
      {
        key: `base-${g.rate}`,
        label: t('totals.base', { rate: g.rate }),
        children: <span data-testid={`${testId}-base-${g.rate}`}>{formatMoney(g.base)}</span>,
      },
      {
        key: `tax-${g.rate}`,
        label: t('totals.tax', { rate: g.rate }),
        children: <span data-testid={`${testId}-tax-${g.rate}`}>{formatMoney(g.tax)}</span>,
      },
    ]),
    { key: 'vat', label: t('totals.totalTax'), children: formatMoney(totals.tax) },
    {
      key: 'total',
      label: <strong>{t('totals.total')}</strong>,
      children: (
        <strong data-testid={`${testId}-total`} data-value={totals.total}>
          {formatMoney(totals.total)}
        </strong>
      ),
    },
  ];
  return (
    <div data-testid={testId}>
      <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: 260 } }} />
      <Typography.Paragraph italic style={{ marginTop: 8, marginBottom: 0 }} data-testid={`${testId}-words`}>
        {t('totals.inWords', { words: amountInWords(totals.total) })}
      </Typography.Paragraph>
      {incomplete > 0 && (
        <Typography.Text type="warning" data-testid={`${testId}-incomplete`}>
          {t('totals.incomplete', { count: incomplete })}
        </Typography.Text>
      )}
    </div>
  );
}
