import { useState } from 'react';
import { App, Button, Flex, Input, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EUDR_COMMODITIES, type EudrCommodity } from '@agrihub/contract/eudr';
import type { ProductCategory } from '@agrihub/contract/schemas/products';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import { useSetCategoryEudrMutation } from '../../../lib/eudr-api';
import { currentLocale } from '../../../lib/i18n';

/**
 * /admin/product-categories: the product categories, each with its EUDR commodity flag and HS code
 * (ADR 042). A lot or shipment of a flagged category gets the EUDR card.
 */
export function ProductCategoriesPage() {
  const { t } = useTranslation('admin-products');
  const locale = currentLocale();
  const list = useCategoriesQuery();
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  const leaves = (list.data ?? []).filter((c) => c.is_leaf);
  return (
    <Flex vertical gap={16} data-testid="product-categories-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('categories.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('categories.hint')}</Typography.Text>
      <Table<ProductCategory>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={leaves}
        pagination={false}
        columns={[
          { key: 'code', title: t('categories.code'), dataIndex: 'code', width: 80 },
          {
            key: 'path',
            title: t('categories.name'),
            render: (_, c) => (locale === 'en' ? c.path_en : c.path),
          },
          {
            key: 'eudr',
            title: t('categories.eudr'),
            width: 520,
            render: (_, c) => <EudrRow key={`${c.id}:${c.eudr_commodity}:${c.hs_code}`} category={c} />,
          },
        ]}
      />
    </Flex>
  );
}

function EudrRow({ category }: { category: ProductCategory }) {
  const { t } = useTranslation('admin-products');
  const { message } = App.useApp();
  const [commodity, setCommodity] = useState<EudrCommodity | null>(category.eudr_commodity);
  const [hsCode, setHsCode] = useState(category.hs_code ?? '');
  const [save, saving] = useSetCategoryEudrMutation();
  const changed = commodity !== category.eudr_commodity || (hsCode || null) !== category.hs_code;

  const onSave = async () => {
    try {
      await save({ id: category.id, eudr_commodity: commodity, hs_code: commodity ? hsCode || null : null }).unwrap();
      void message.success(t('categories.saved'));
    } catch (error) {
      void message.error(isApiError(error) ? (error.errors[0]?.message ?? error.message) : t('errors.generic'));
    }
  };

  return (
    <Flex gap={8} data-testid={`category-eudr-${category.id}`}>
      <Select<EudrCommodity>
        allowClear
        style={{ width: 200 }}
        placeholder={t('categories.notEudr')}
        value={commodity ?? undefined}
        onChange={(v) => setCommodity(v ?? null)}
        options={EUDR_COMMODITIES.map((c) => ({ value: c, label: t(`categories.commodities.${c}`) }))}
        aria-label={t('categories.eudr')}
      />
      <Input
        style={{ width: 140 }}
        placeholder={t('categories.hsPlaceholder')}
        value={hsCode}
        disabled={!commodity}
        maxLength={10}
        onChange={(e) => setHsCode(e.target.value)}
        aria-label={t('categories.hsCode')}
      />
      <Button type="primary" disabled={!changed} loading={saving.isLoading} onClick={() => void onSave()}>
        {t('categories.save')}
      </Button>
    </Flex>
  );
}
