import type { ReactNode } from 'react';
import { Avatar, Flex, Table, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Product } from '@agrihub/contract/schemas/products';
import { formatDate, formatMoney } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import type { ProductTable } from '../lib/product-list';
import { ProductStatusTag } from './status-tags';

interface Props {
  products: Product[];
  meta?: ListMeta;
  loading: boolean;
  /** The list's server table (lib/use-server-table.ts): paging and sort in the URL. */
  table: ProductTable;
  linkOf: (p: Product) => string;
  showProducer?: boolean;
  actions?: (p: Product) => ReactNode;
  empty: ReactNode;
}

/** A page of products with server paging and sorting (name, created). */
export function ProductsTable({ products, meta, loading, table, linkOf, showProducer, actions, empty }: Props) {
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
      {...table.tableProps(meta, (total) => t('list.total', { count: total }))}
      columns={[
        {
          key: 'name',
          title: t('fields.name'),
          sorter: true,
          sortOrder: table.sortOrder('name'),
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
          sortOrder: table.sortOrder('created_at'),
          render: (_, p) => formatDate(p.created_at, locale),
        },
        ...(actions ? [{ key: 'actions', title: '', width: 100, render: (_: unknown, p: Product) => actions(p) }] : []),
      ]}
    />
  );
}
