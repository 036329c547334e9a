import { useEffect, useMemo, useState } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderSupplier } from '@agrihub/contract/schemas/purchase-orders';
import { usePurchaseOrderSuppliersQuery } from '../api/purchase-orders-api';
import { supplierKey } from '../lib/order-form';

interface Props {
  value?: string;
  onChange?: (value: string | undefined, supplier: PurchaseOrderSupplier | null) => void;
  /** The order's supplier as saved: offered even when it no longer is (an inactive OEM). */
  current?: PurchaseOrderSupplier | null;
  disabled?: boolean;
  width?: number | string;
  allowClear?: boolean;
  placeholder?: string;
  testId: string;
  /** Set by Form.Item: the field's id, which its label points to. */
  id?: string;
}

/**
 * Picks a supplier among the platform's active OEMs and approved producers, searched on the server
 * by name or tax code (accent-free), grouped by kind; the value is `type:id`.
 */
export function SupplierSelect({
  value,
  onChange,
  current,
  disabled,
  width = '100%',
  allowClear,
  placeholder,
  testId,
  id,
}: Props) {
  const { t } = useTranslation('purchase-orders');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<string | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim() || undefined), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const suppliers = usePurchaseOrderSuppliersQuery({ q });
  const all = useMemo(() => {
    const list = [...(suppliers.data ?? [])];
    if (current && current.id !== null && !list.some((s) => s.type === current.type && s.id === current.id))
      list.unshift(current);
    return list;
  }, [suppliers.data, current]);
  const option = (s: PurchaseOrderSupplier) => ({
    value: supplierKey(s.type, s.id ?? 0),
    label: s.name,
    title: s.name,
    supplier: s,
  });
  const options = [
    { label: t('supplierType.oem'), title: 'oem', options: all.filter((s) => s.type === 'oem').map(option) },
    {
      label: t('supplierType.producer'),
      title: 'producer',
      options: all.filter((s) => s.type === 'producer').map(option),
    },
  ].filter((g) => g.options.length);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t('form.supplierPlaceholder')}
      id={id}
      // In a form its label names it (Form.Item gives the id); as a filter, its placeholder.
      aria-label={id ? undefined : placeholder}
      loading={suppliers.isFetching}
      notFoundContent={suppliers.isFetching ? t('form.searching') : t('form.noSupplier')}
      options={options}
      style={{ width }}
      optionRender={(o) => {
        const s = (o.data as { supplier?: PurchaseOrderSupplier }).supplier;
        return s ? (
          <div data-testid="supplier-option">
            <div>{s.name}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[s.tax_code ? t('form.taxCode', { code: s.tax_code }) : null, s.address].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
        ) : (
          o.label
        );
      }}
      onChange={(v: string | undefined) => {
        const s = all.find((x) => supplierKey(x.type, x.id ?? 0) === v) ?? null;
        onChange?.(v ?? undefined, s);
      }}
      data-testid={testId}
    />
  );
}
