import { useState } from 'react';
import { DatePicker, Empty, Flex, InputNumber, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { PURCHASE_ORDER_STATUSES } from '@agrihub/contract/constants';
import type { PurchaseOrderSummary } from '@agrihub/contract/schemas/purchase-orders';
import { ExportButtons } from '../../../components/export-buttons';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import { PURCHASE_ORDERS_URL, useListPurchaseOrdersQuery } from '../api/purchase-orders-api';
import { MoveActions } from '../components/move-actions';
import { PurchaseOrderStatusTag } from '../components/status-tag';
import { SupplierSelect } from '../components/supplier-select';
import { parseSupplierKey, supplierKey } from '../lib/order-form';
import { exportUrl, usePurchaseOrderTable, type PurchaseOrderFilters } from '../lib/list-params';
import { LinkButton } from '../../../components/link-button';

const CLEARED: Partial<PurchaseOrderFilters> = {
  q: undefined,
  status: undefined,
  supplier_type: undefined,
  supplier_id: undefined,
  date_from: undefined,
  date_to: undefined,
  amount_min: undefined,
  amount_max: undefined,
};

const day = (ymd: string) => ymd.split('-').reverse().join('/');

/** A money bound typed by hand: applied when the field is left or Enter is pressed. */
function AmountFilter({
  value,
  onApply,
  placeholder,
  testId,
}: {
  value: number | undefined;
  onApply: (v: number | undefined) => void;
  placeholder: string;
  testId: string;
}) {
  const [typed, setTyped] = useState<number | null>(value ?? null);
  const apply = () => {
    const v = typed === null || typed === undefined ? undefined : Math.max(0, Math.round(typed));
    if (v !== value) onApply(v);
  };
  return (
    <InputNumber<number>
      key={value ?? 'none'}
      min={0}
      precision={0}
      defaultValue={value}
      placeholder={placeholder}
      aria-label={placeholder}
      formatter={(v) =>
        v === undefined || v === null || String(v) === '' ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
      }
      parser={(v) => (v ? Number(v.replace(/\./g, '')) : (undefined as unknown as number))}
      onChange={(v) => setTyped(v)}
      onBlur={apply}
      onPressEnter={apply}
      suffix="đ"
      style={{ width: 160 }}
      data-testid={testId}
    />
  );
}

/**
 * /admin/purchase-orders (DTrack): the platform's orders, server-paged, with filters (status with
 * counters, supplier kind and supplier, order date range, total range, accent-free search over
 * code, supplier, tax code and goods), sorts, the status changes each reader may make right in the
 * list (a reason asked to cancel), and the XLSX export (all, or as filtered).
 */
export function PurchaseOrdersPage() {
  const { t } = useTranslation('purchase-orders');
  const label = useEnumLabel();
  const locale = currentLocale();
  const ability = useAppAbility();
  const table = usePurchaseOrderTable();
  const { query: filters, update } = table;
  const list = useListPurchaseOrdersQuery(filters);
  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce<number>((s, n) => s + (n ?? 0), 0);
  const range =
    filters.date_from || filters.date_to
      ? ([filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null] as [
          Dayjs | null,
          Dayjs | null,
        ])
      : null;
  const supplierValue =
    filters.supplier_type && filters.supplier_id ? supplierKey(filters.supplier_type, filters.supplier_id) : undefined;

  // The 1200 px layout: who wrote the order and when under its number, the delivery under the order date,
  // the supplier's kind and tax code under its name (two lines at most), so the supplier keeps room.
  const columns: TableColumnsType<PurchaseOrderSummary> = [
    {
      key: 'code',
      title: t('fields.code'),
      sorter: true,
      sortOrder: table.sortOrder('code'),
      width: 148,
      render: (_, r) => (
        <Flex vertical>
          <CellText text={r.code}>
            <Link to={generatePath(paths.adminPurchaseOrder, { id: String(r.id) })} data-testid="order-link">
              {r.code}
            </Link>
          </CellText>
          {r.created_by && <CellText text={r.created_by.name} secondary data-testid="order-created-by" />}
          <CellText text={formatDateTime(r.created_at, locale)} secondary />
        </Flex>
      ),
    },
    {
      key: 'order_date',
      title: t('fields.dates'),
      sorter: true,
      sortOrder: table.sortOrder('order_date'),
      width: COL.date,
      render: (_, r) => (
        <Flex vertical>
          <span>{day(r.order_date)}</span>
          {/* Two lines at most: "Giao" above its date when the column cannot hold both. */}
          <CellText text={t('fields.deliveryOn', { date: day(r.delivery_date) })} rows={2} secondary />
        </Flex>
      ),
    },
    {
      key: 'supplier',
      title: t('fields.supplier'),
      render: (_, r) => {
        const detail = `${t(`supplierType.${r.supplier.type}`)}${r.supplier.tax_code ? ` · ${t('form.taxCode', { code: r.supplier.tax_code })}` : ''}`;
        return (
          <>
            <CellText text={r.supplier.name} rows={2} data-testid="order-supplier" />
            <CellText text={detail} secondary />
          </>
        );
      },
    },
    {
      key: 'total',
      title: t('fields.total'),
      sorter: true,
      sortOrder: table.sortOrder('total'),
      align: 'right',
      width: COL.money,
      render: (_, r) => (
        <span data-testid="order-total" data-value={r.total}>
          {formatMoney(r.total)}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: COL.status,
      render: (_, r) => (
        <Flex vertical gap={2} align="flex-start">
          <PurchaseOrderStatusTag status={r.status} />
          {r.status === 'cancelled' && r.reason && <CellText text={r.reason} secondary />}
        </Flex>
      ),
    },
    {
      key: 'moves',
      title: t('fields.actions'),
      width: 124,
      render: (_, r) => <MoveActions order={r} size="small" />,
    },
  ];

  return (
    <ListPage
      testId="purchase-orders"
      title={t('title')}
      query={list}
      extra={
        <Space>
          <ExportButtons
            ns="purchase-orders"
            url={(mode) => exportUrl(PURCHASE_ORDERS_URL, mode, filters)}
            fallbackName="don-dat-hang.xlsx"
            selectedCount={0}
            filterBody={() => ({})}
          />
          {ability.can('create', 'purchase_order') && (
            <LinkButton
              to={paths.adminAddPurchaseOrder}
              type="primary"
              icon={<PlusOutlined />}
              data-testid="add-purchase-order"
            >
              {t('add')}
            </LinkButton>
          )}
        </Space>
      }
      filters={
        <Flex vertical gap={12}>
          <Flex gap={8} wrap data-testid="order-status-counts">
            <Tag.CheckableTag checked={!filters.status} onChange={() => update({ status: undefined })}>
              {t('filters.allStatuses')} ({total})
            </Tag.CheckableTag>
            {PURCHASE_ORDER_STATUSES.map((s) => (
              <Tag.CheckableTag
                key={s}
                checked={filters.status === s}
                onChange={() => update({ status: filters.status === s ? undefined : s })}
                data-testid={`status-count-${s}`}
              >
                {label('purchaseOrderStatus', s)} ({counts[s] ?? 0})
              </Tag.CheckableTag>
            ))}
          </Flex>
          <FilterBar
            active={table.active}
            onReset={() => update(CLEARED)}
            resetLabel={t('filters.reset')}
            resetTestId="order-filters-reset"
            testId="order-filters"
          >
            <SearchFilter
              enterButton
              value={filters.q}
              onSearch={(q) => update({ q })}
              placeholder={t('filters.search')}
              width={300}
              testId="order-search"
            />
            <SelectFilter
              value={filters.supplier_type}
              placeholder={t('filters.allSupplierTypes')}
              width={190}
              options={[
                { value: 'oem', label: t('supplierType.oem') },
                { value: 'producer', label: t('supplierType.producer') },
              ]}
              onChange={(supplier_type) => update({ supplier_type, supplier_id: undefined })}
              testId="order-supplier-type-filter"
            />
            <SupplierSelect
              value={supplierValue}
              allowClear
              width={260}
              placeholder={t('filters.supplier')}
              onChange={(v) => {
                const s = parseSupplierKey(v);
                update({ supplier_type: s?.type, supplier_id: s?.id });
              }}
              testId="order-supplier-filter"
            />
            <DatePicker.RangePicker
              value={range}
              allowEmpty={[true, true]}
              placeholder={[t('filters.dateFrom'), t('filters.dateTo')]}
              format="DD/MM/YYYY"
              onChange={(v) =>
                update({
                  date_from: v?.[0]?.format('YYYY-MM-DD') ?? undefined,
                  date_to: v?.[1]?.format('YYYY-MM-DD') ?? undefined,
                })
              }
              data-testid="order-date-filter"
            />
            <Space.Compact>
              <AmountFilter
                value={filters.amount_min}
                onApply={(amount_min) => update({ amount_min })}
                placeholder={t('filters.amountMin')}
                testId="order-amount-min"
              />
              <AmountFilter
                value={filters.amount_max}
                onApply={(amount_max) => update({ amount_max })}
                placeholder={t('filters.amountMax')}
                testId="order-amount-max"
              />
            </Space.Compact>
          </FilterBar>
        </Flex>
      }
    >
      <Table<PurchaseOrderSummary>
        rowKey="id"
        dataSource={list.data?.orders ?? []}
        loading={list.isFetching}
        data-testid="orders-table"
        onRow={(r) => ({ 'data-testid': 'order-row', 'data-id': r.id, 'data-code': r.code }) as object}
        locale={{
          emptyText: list.isLoading ? ' ' : <Empty description={table.active ? t('noMatch') : t('empty')} />,
        }}
        columns={columns}
        {...fittedTable(columns)}
        {...table.tableProps(list.data?.meta, (n) => t('total', { count: n }))}
      />
    </ListPage>
  );
}
