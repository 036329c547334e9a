import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { ListPage } from '../../../components/list-page';
import { SelectFilter } from '../../../components/filter-bar';
import { paths } from '../../../config/paths';
import { LinkButton } from '../../../components/link-button';
import { AppCan } from '../../../lib/ability';
import { ProductFiltersBar } from '../../../components/product-filters';
import { ProductsTable } from '../../../components/products-table';
import { useProductTable } from '../../../lib/product-list';
import { useListAdminProductsQuery, useProductProducerOptionsQuery } from '../api/admin-products-api';

/** /admin/products: the platform's products, filtered by producer, status and category. */
export function AdminProductsPage() {
  const { t } = useTranslation('admin-products');
  const table = useProductTable();
  const { query: filters, update, active } = table;
  const list = useListAdminProductsQuery(filters);
  const producers = useProductProducerOptionsQuery();

  const producerSelect = (
    <SelectFilter
      showSearch={{ optionFilterProp: 'label' }}
      value={filters.producer_id}
      loading={producers.isLoading}
      status={producers.isError ? 'warning' : undefined}
      placeholder={producers.isError ? t('filters.producersFailed') : t('filters.allProducers')}
      width={240}
      options={(producers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      onChange={(producer_id) => update({ producer_id })}
      testId="admin-product-producer-filter"
    />
  );

  return (
    <ListPage
      testId="admin-products-page"
      title={t('list.title')}
      extra={
        <AppCan I="update" a="product">
          <LinkButton to={paths.adminProductCategories} data-testid="product-categories-link">
            {t('categories.link')}
          </LinkButton>
        </AppCan>
      }
      filters={<ProductFiltersBar filters={filters} update={update} active={active} before={producerSelect} />}
      query={list}
    >
      <ProductsTable
        products={list.data?.products ?? []}
        meta={list.data?.meta}
        loading={list.isFetching}
        table={table}
        showProducer
        linkOf={(p) => generatePath(paths.adminProduct, { id: String(p.id) })}
        empty={
          list.isLoading ? (
            ' '
          ) : (
            <Empty description={active ? t('list.noMatch') : t('list.empty')} data-testid="admin-products-empty" />
          )
        }
      />
    </ListPage>
  );
}
