import { Button, Card, Empty, Flex, Space, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useListProductsQuery } from '../api/products-api';
import { DeleteProductButton } from '../components/delete-product-button';
import { ProductFiltersBar } from '../../../components/product-filters';
import { ProductsTable } from '../../../components/products-table';
import { useProductTable } from '../../../lib/product-list';
import { LinkButton } from '../../../components/link-button';

/** /products: the producer's products with search, status and category filters, paging and sort. */
export function ProductsPage() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const table = useProductTable();
  const { query: filters, update, active } = table;
  const list = useListProductsQuery(filters);
  const linkOf = (p: { id: number }) => generatePath(paths.product, { id: String(p.id) });

  const empty = active ? (
    <Empty description={t('list.noMatch')}>
      <Button onClick={() => update({ q: undefined, status: undefined, category_id: undefined })}>
        {t('list.clearFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('list.empty')} data-testid="products-empty">
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => void navigate(paths.addProduct)}
        data-testid="empty-add-product"
      >
        {t('actions.addProduct')}
      </Button>
    </Empty>
  );

  return (
    <Flex vertical gap={16} data-testid="products-page">
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <LinkButton to={paths.addProduct} type="primary" icon={<PlusOutlined />} data-testid="add-product">
          {t('actions.addProduct')}
        </LinkButton>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <ProductFiltersBar filters={filters} update={update} active={active} />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <ProductsTable
              products={list.data?.products ?? []}
              meta={list.data?.meta}
              loading={list.isFetching}
              table={table}
              linkOf={linkOf}
              empty={list.isLoading ? ' ' : empty}
              actions={(p) => (
                <Space size={0}>
                  <LinkButton
                    to={linkOf(p)}
                    aria-label={t('actions.edit')}
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                  />
                  <DeleteProductButton product={p} compact />
                </Space>
              )}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
