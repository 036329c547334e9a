import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchButton } from '../../../components/filter-bar';
import { Link, generatePath, useNavigate } from 'react-router';
import type { Transformation } from '@agrihub/contract/schemas/transformations';
import { QueryError } from '../../../components/query-error';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/formatters';
import { useListTransformationsQuery } from '../api/transformations-api';
import { formatQuantity, formatYield } from '../lib/quantity';

const PER_PAGE = 20;

/** /transformations: the producer's transformations, newest first, with their inputs, output and yield. */
export function TransformationsPage() {
  const { t, i18n } = useTranslation('transformations');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<'-transformed_on' | 'transformed_on'>('-transformed_on');
  const [q, setQ] = useState<string | undefined>();
  const list = useListTransformationsQuery({ page, per_page: PER_PAGE, sort, q });
  const locale = i18n.language;
  const batchLink = (id: number) => generatePath(paths.productBatch, { id: String(id) });

  const columns = [
    {
      key: 'transformed_on',
      title: t('fields.transformedOn'),
      sorter: true,
      sortOrder: sort === '-transformed_on' ? ('descend' as const) : ('ascend' as const),
      render: (_: unknown, x: Transformation) =>
        formatDate(`${x.transformed_on}T12:00:00+07:00`, locale === 'en' ? 'en' : 'vi'),
    },
    {
      key: 'output',
      title: t('fields.output'),
      render: (_: unknown, x: Transformation) => (
        <Flex vertical>
          <Link to={batchLink(x.output.lot_id)}>{x.output.lot_code}</Link>
          <Typography.Text type="secondary">
            {x.output.product.name} · {formatQuantity(x.output.quantity, locale)} {x.output.unit}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'inputs',
      title: t('fields.inputs'),
      render: (_: unknown, x: Transformation) => (
        <Flex vertical>
          {x.inputs.map((i) => (
            <span key={i.lot_id}>
              <Link to={batchLink(i.lot_id)}>{i.lot_code}</Link> · {formatQuantity(i.quantity, locale)} {i.unit}
            </span>
          ))}
        </Flex>
      ),
    },
    {
      key: 'yield',
      title: t('fields.yield'),
      render: (_: unknown, x: Transformation) => formatYield(x.yield, locale),
    },
    { key: 'location', title: t('fields.location'), render: (_: unknown, x: Transformation) => x.location?.name ?? '' },
  ];

  const searchButton = useSearchButton();
  return (
    <Flex vertical gap={16} data-testid="transformations-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <LinkButton
          to={paths.addTransformation}
          type="primary"
          icon={<PlusOutlined />}
          data-testid="add-transformation"
        >
          {t('actions.add')}
        </LinkButton>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <Input.Search
            allowClear
            enterButton={searchButton}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchPlaceholder')}
            onSearch={(v) => {
              setQ(v.trim() || undefined);
              setPage(1);
            }}
            style={{ maxWidth: 360 }}
          />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <Table<Transformation>
              rowKey="id"
              columns={columns}
              dataSource={list.data?.items ?? []}
              loading={list.isFetching}
              scroll={{ x: 800 }}
              locale={{
                emptyText: (
                  <Empty description={q ? t('list.noMatch') : t('list.empty')}>
                    {!q && (
                      <Button
                        type="primary"
                        icon={<PlusOutlined />}
                        onClick={() => void navigate(paths.addTransformation)}
                      >
                        {t('actions.add')}
                      </Button>
                    )}
                  </Empty>
                ),
              }}
              pagination={{
                current: page,
                pageSize: PER_PAGE,
                total: list.data?.meta.total_count ?? 0,
                showSizeChanger: false,
              }}
              onChange={(p, _f, sorter) => {
                setPage(p.current ?? 1);
                const order = Array.isArray(sorter) ? undefined : sorter.order;
                setSort(order === 'ascend' ? 'transformed_on' : '-transformed_on');
              }}
              data-testid="transformations-table"
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
