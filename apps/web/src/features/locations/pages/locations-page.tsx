import { Button, Empty, Flex, Input, Select, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { PROVINCES, provinceName } from '@agrihub/contract/geo';
import { LOCATION_KINDS, type Location } from '@agrihub/contract/schemas/locations';
import { useSearchButton } from '../../../components/filter-bar';
import { LinkButton } from '../../../components/link-button';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useListLocationsQuery } from '../api/locations-api';
import { formatHa, useContractText } from '../lib/labels';
import { useLocationTable } from '../lib/list-filters';

/** /locations: the producer's locations with search (name, GLN), kind and province filters, sort and paging. */
export function LocationsPage() {
  const { t } = useTranslation('locations');
  const text = useContractText();
  const locale = currentLocale();
  const searchButton = useSearchButton();
  const table = useLocationTable();
  const { query: filters, update, active } = table;
  const list = useListLocationsQuery(filters);
  const clear = () => update({ q: undefined, kind: undefined, province_code: undefined });

  const columns: TableColumnsType<Location> = [
    {
      key: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (_v, l) => (
        <Link to={generatePath(paths.location, { id: String(l.id) })} data-testid="location-link">
          {l.name}
        </Link>
      ),
    },
    { key: 'kind', title: t('fields.kind'), render: (_v, l) => text(`location_kind.${l.kind}`) },
    {
      key: 'province',
      title: t('fields.province'),
      render: (_v, l) => [l.commune, provinceName(l.province_code)].filter(Boolean).join(', '),
    },
    { key: 'gln', title: t('fields.gln'), render: (_v, l) => l.gln ?? '—' },
    {
      key: 'area_ha',
      title: t('fields.area'),
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('area_ha'),
      render: (_v, l) => (l.area_ha === null ? '—' : formatHa(l.area_ha, locale)),
    },
    {
      key: 'created_at',
      title: t('fields.createdAt'),
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_v, l) => formatDate(l.created_at, locale),
    },
  ];

  const empty = active ? (
    <Empty description={t('list.noMatch')}>
      <Button onClick={clear}>{t('list.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty description={t('list.empty')} data-testid="locations-empty">
      <LinkButton to={paths.addLocation} type="primary" icon={<PlusOutlined />}>
        {t('actions.add')}
      </LinkButton>
    </Empty>
  );

  return (
    <ListPage
      testId="locations-page"
      title={t('list.title')}
      extra={
        <LinkButton to={paths.addLocation} type="primary" icon={<PlusOutlined />} data-testid="add-location">
          {t('actions.add')}
        </LinkButton>
      }
      query={list}
      filters={
        <Flex gap={8} wrap>
          <Input.Search
            key={filters.q ?? ''}
            defaultValue={filters.q}
            allowClear
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchPlaceholder')}
            style={{ width: 300 }}
            enterButton={searchButton}
            onSearch={(q) => update({ q: q.trim() || undefined })}
            data-testid="location-search"
          />
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('list.allKinds')}
            aria-label={t('list.allKinds')}
            value={filters.kind}
            onChange={(kind) => update({ kind: kind ?? undefined })}
            options={LOCATION_KINDS.map((k) => ({ value: k, label: text(`location_kind.${k}`) }))}
            data-testid="location-kind-filter"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            placeholder={t('list.allProvinces')}
            aria-label={t('list.allProvinces')}
            value={filters.province_code}
            onChange={(province_code) => update({ province_code: province_code ?? undefined })}
            options={PROVINCES.map((p) => ({ value: p.code, label: p.name }))}
            data-testid="location-province-filter"
          />
          {active && (
            <Button type="link" onClick={clear}>
              {t('list.clearFilters')}
            </Button>
          )}
        </Flex>
      }
    >
      <Table<Location>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.locations ?? []}
        loading={list.isFetching}
        locale={{ emptyText: list.isLoading ? ' ' : empty }}
        scroll={{ x: 'max-content' }}
        {...table.tableProps<Location>(list.data?.meta, (total) => t('list.total', { count: total }))}
        data-testid="locations-table"
      />
      <Typography.Text type="secondary">{t('list.hint')}</Typography.Text>
    </ListPage>
  );
}
