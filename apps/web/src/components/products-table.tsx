import type { ReactNode } from 'react';
import { Avatar, Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListMeta } from '@agrihub/contract/schemas/common';
import type { Product } from '@agrihub/contract/schemas/products';
import { formatDate, formatMoney } from '../lib/formatters';
import { currentLocale } from '../lib/i18n';
import type { ProductTable } from '../lib/product-list';
import { COL, fittedTable } from '../lib/table-layout';
import { CellText } from './cell-text';
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

/**
 * A page of products with server paging and sorting (name, created), in the 1200 px layout: the
 * name takes what the fixed columns leave, on two lines at most (the whole name in a tooltip), the
 * producer (back office) and SKU on one line under it.
 */
export function ProductsTable({ products, meta, loading, table, linkOf, showProducer, actions, empty }: Props) {
  const { t, i18n } = useTranslation('products');
  const en = i18n.language === 'en';
  const locale = currentLocale();
  const columns: ColumnsType<Product> = [
    {
      key: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (_, p) => {
        const name = en && p.name_en ? p.name_en : p.name;
        // The producer (back office) and the SKU under the name, on one line.
        const detail = [
          showProducer ? p.producer_name : null,
          p.sku && `SKU ${p.sku}`,
          p.variants.length ? t('list.variantsCount', { count: p.variants.length }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <Flex gap={12} align="center">
            <Avatar
              shape="square"
              size={48}
              src={p.images[0]?.thumbnail_url ?? p.images[0]?.url}
              icon={<PictureOutlined />}
              alt=""
              style={{ flex: 'none' }}
            />
            <Flex vertical style={{ minWidth: 0 }}>
              <CellText text={name} rows={2}>
                <Link to={linkOf(p)} data-testid="product-link">
                  {name}
                </Link>
              </CellText>
              {detail && <CellText text={detail} secondary />}
            </Flex>
          </Flex>
        );
      },
    },
    {
      key: 'category',
      title: t('fields.category'),
      width: 180,
      render: (_, p) => {
        const path = (en ? p.category_path_en : p.category_path) ?? '—';
        return <CellText text={path} rows={2} />;
      },
    },
    {
      key: 'price',
      title: t('fields.price'),
      width: 120,
      align: 'right',
      render: (_, p) => (p.price ? formatMoney(p.price.cents) : '—'),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: COL.status,
      render: (_, p) => <ProductStatusTag status={p.status} />,
    },
    {
      key: 'created_at',
      title: t('fields.created_at'),
      width: COL.date,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_, p) => formatDate(p.created_at, locale),
    },
    ...(actions ? [{ key: 'actions', title: '', width: 88, render: (_: unknown, p: Product) => actions(p) }] : []),
  ];
  return (
    <Table<Product>
      rowKey="id"
      loading={loading}
      dataSource={products}
      locale={{ emptyText: empty }}
      onRow={(p) => ({ 'data-testid': 'product-row', 'data-id': p.id }) as React.HTMLAttributes<HTMLElement>}
      {...table.tableProps(meta, (total, capped) => t(capped ? 'list.totalCapped' : 'list.total', { count: total }))}
      {...fittedTable(columns)}
      columns={columns}
    />
  );
}
