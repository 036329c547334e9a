import type { ReactNode } from 'react';
import { Avatar, Flex, Table, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Product } from '@agrihub/contract/schemas/products';
import { formatDate, formatMoney } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import type { ProductFilters, ProductSort } from '../lib/product-list';
import { ProductStatusTag } from './status-tags';

interface Props {
  products: Product[];
  meta?: ListMeta;
  loading: boolean;
  filters: ProductFilters;
  update: (patch: Partial<ProductFilters>) => void;
  linkOf: (p: Product) => string;
  showProducer?: boolean;
  actions?: (p: Product) => ReactNode;
  empty: ReactNode;
}

const sortOrder = (sort: ProductSort, field: 'name' | 'created_at') =>
  sort === field ? ('ascend' as const) : sort === `-${field}` ? ('descend' as const) : null;

/** A page of products with server paging and sorting (name, created). */
export function ProductsTable({
  products,
  meta,
  loading,
  filters,
  update,
  linkOf,
  showProducer,
  actions,
  empty,
}: Props) {
  const { t, i18n } = useTranslation('products');
  const en = i18n.language === 'en';
  const locale = currentLocale();
  return (
    <Table<Product>
      rowKey="id"
      loading={loading}
      dataSource={products}
      locale={{ emptyText: empty }}
      onRow={(p) => ({ 'data-testid': 'product-row', 'data-id': p.id }) as React.HTMLAttributes<HTMLElement>}
      pagination={{
        current: meta?.current_page ?? filters.page,
        pageSize: meta?.per_page ?? filters.per_page,
        total: meta?.total_count ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('list.total', { count: total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Product> | undefined;
        const field = s?.columnKey === 'name' || s?.columnKey === 'created_at' ? s.columnKey : null;
        const sort: ProductSort = field && s?.order ? (s.order === 'ascend' ? field : `-${field}`) : '-created_at';
        if (sort !== filters.sort) update({ sort });
        else update({ page: pagination.current ?? 1, per_page: pagination.pageSize ?? filters.per_page });
      }}
      columns={[
        {
          key: 'name',
          title: t('fields.name'),
          sorter: true,
          sortOrder: sortOrder(filters.sort, 'name'),
          render: (_, p) => (
            <Flex gap={12} align="center">
              <Avatar
                shape="square"
                size={48}
                src={p.images[0]?.thumbnail_url ?? p.images[0]?.url}
                icon={<PictureOutlined />}
              />
              <Flex vertical>
                <Link to={linkOf(p)} data-testid="product-link">
                  {en && p.name_en ? p.name_en : p.name}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    p.sku && `SKU ${p.sku}`,
                    p.variants.length ? t('list.variantsCount', { count: p.variants.length }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Flex>
            </Flex>
          ),
        },
        ...(showProducer
          ? [{ key: 'producer', title: t('fields.producer'), render: (_: unknown, p: Product) => p.producer_name }]
          : []),
        {
          key: 'category',
          title: t('fields.category'),
          render: (_, p) => (en ? p.category_path_en : p.category_path) ?? '—',
        },
        {
          key: 'price',
          title: t('fields.price'),
          align: 'right',
          render: (_, p) => (p.price ? formatMoney(p.price.cents) : '—'),
        },
        { key: 'status', title: t('fields.status'), render: (_, p) => <ProductStatusTag status={p.status} /> },
        {
          key: 'created_at',
          title: t('fields.created_at'),
          sorter: true,
          sortOrder: sortOrder(filters.sort, 'created_at'),
          render: (_, p) => formatDate(p.created_at, locale),
        },
        ...(actions ? [{ key: 'actions', title: '', width: 100, render: (_: unknown, p: Product) => actions(p) }] : []),
      ]}
    />
  );
}
