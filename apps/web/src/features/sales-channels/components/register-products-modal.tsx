import { useState } from 'react';
import { Alert, App, Button, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import type { ReferenceableProduct, SaleChannel } from '@agrihub/contract/schemas/sale-channels';
import { QueryError } from '../../../components/query-error';
import { SaleChannelMissing } from '../../../components/sale-channel-missing';
import { SaleChannelRegisterStatusTag } from '../../../components/status-tags';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { productChoice, refusedProducts, type ProductReadiness } from '../../../lib/sale-channels';
import { useListReferenceableQuery, useRegisterToSaleChannelMutation } from '../api/sales-channels-api';
import { ReadinessList } from './readiness-list';
import { useSearchButton } from '../../../components/filter-bar';

const PER_PAGE = 10;

/**
 * "Register products" to one channel: the producer's products with their readiness for it (what is
 * missing, with the way to the product's edit page); only ready ones can be picked. If the server
 * refuses (a product changed meanwhile), nothing is sent and what each product lacks is shown.
 */
export function RegisterProductsModal({
  channel,
  open,
  onClose,
}: {
  channel: SaleChannel;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sales-channels', 'common']);
  const searchButton = useSearchButton();
  const { message } = App.useApp();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [refused, setRefused] = useState<{ message: string; products: ProductReadiness[] } | null>(null);
  const list = useListReferenceableQuery(
    { channel_id: channel.id, q: q || undefined, page, per_page: PER_PAGE },
    { skip: !open, refetchOnMountOrArgChange: true },
  );
  const [register, { isLoading }] = useRegisterToSaleChannelMutation();

  const close = () => {
    setSelected([]);
    setRefused(null);
    setQ('');
    setPage(1);
    onClose();
  };

  const onOk = async () => {
    setRefused(null);
    try {
      const { message: note } = await register({ channelId: channel.id, product_ids: selected }).unwrap();
      void message.success(note || t('sales-channels:register.sent'));
      close();
    } catch (e) {
      const products = refusedProducts(e);
      setRefused({ message: isApiError(e) ? e.message : t('common:errors.generic'), products });
      // The refused ones cannot be sent as they are: unpick them (the list below shows what they lack).
      setSelected((ids) => ids.filter((id) => !products.some((p) => p.product_id === id)));
      void list.refetch();
    }
  };

  const columns: TableColumnsType<ReferenceableProduct> = [
    {
      title: t('sales-channels:register.product'),
      key: 'name',
      render: (_, p) => (
        <Space>
          {p.image_url ? (
            <img src={p.image_url} alt="" width={36} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} />
          ) : (
            <div style={{ width: 36, height: 36, borderRadius: 4, background: 'var(--ant-color-fill-secondary)' }} />
          )}
          <div>
            <Typography.Text strong>{p.name}</Typography.Text>
            {p.gtin && (
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  GTIN {p.gtin}
                </Typography.Text>
              </div>
            )}
          </div>
        </Space>
      ),
    },
    {
      title: t('sales-channels:register.readiness'),
      key: 'readiness',
      render: (_, p) => {
        const choice = productChoice(p, channel.id);
        const state = p.channels.find((c) => c.channel_id === channel.id);
        if (choice.selectable) {
          return (
            <Typography.Text type="success" data-testid="product-ready">
              <CheckCircleOutlined />{' '}
              {choice.resubmit ? t('sales-channels:register.readyAgain') : t('sales-channels:register.ready')}
            </Typography.Text>
          );
        }
        if (choice.why === 'missing') {
          return (
            <Space direction="vertical" size={2}>
              <SaleChannelMissing missing={choice.missing} />
              <Link to={generatePath(paths.product, { id: String(p.id) })} data-testid="product-edit-link">
                {t('sales-channels:register.editProduct')}
              </Link>
            </Space>
          );
        }
        if (state?.reference) {
          return (
            <Space size={4}>
              <SaleChannelRegisterStatusTag status={state.reference.register_status} />
              <Typography.Text type="secondary">
                {choice.why === 'closed'
                  ? t('sales-channels:register.closedHint')
                  : t('sales-channels:register.alreadyHint')}
              </Typography.Text>
            </Space>
          );
        }
        return <Tag>{t('sales-channels:register.notOffered')}</Tag>;
      },
    },
  ];

  const data = list.data;
  return (
    <Modal
      open={open}
      width={820}
      title={t('sales-channels:register.title', { channel: channel.name })}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common:actions.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={!selected.length}
          loading={isLoading}
          onClick={() => void onOk()}
          data-testid="register-products-submit"
        >
          {t('sales-channels:register.submit', { n: selected.length })}
        </Button>,
      ]}
      data-testid="register-products-modal"
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('sales-channels:register.hint')}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('sales-channels:register.search')}
          aria-label={t('sales-channels:register.search')}
          enterButton={searchButton}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          data-testid="register-products-search"
        />
        {refused && (
          <Alert
            type="error"
            showIcon
            title={refused.message}
            description={refused.products.length ? <ReadinessList products={refused.products} /> : undefined}
            data-testid="register-products-refused"
          />
        )}
        {list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<ReferenceableProduct>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data?.products ?? []}
            loading={list.isFetching}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={q ? t('sales-channels:register.noMatch') : t('sales-channels:register.noProducts')}
                >
                  {!q && <Link to={paths.addProduct}>{t('sales-channels:register.addProduct')}</Link>}
                </Empty>
              ),
            }}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (p) => ({
                disabled: !productChoice(p, channel.id).selectable,
                'data-testid': `register-pick-${p.id}`,
              }),
            }}
            pagination={{
              current: page,
              pageSize: PER_PAGE,
              total: data?.meta.total_count ?? 0,
              showSizeChanger: false,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
            onRow={(p) =>
              ({ 'data-testid': 'register-product-row', 'data-product': p.id }) as React.HTMLAttributes<HTMLElement>
            }
          />
        )}
      </Space>
    </Modal>
  );
}
