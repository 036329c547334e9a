import { Card, Flex, List, Skeleton, Space, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SaleChannel } from '@agrihub/contract/schemas/sale-channels';
import { paths } from '../config/paths';
import { useListSaleChannelsQuery, useSaleChannelsByProductQuery } from '../lib/sale-channels-api';
import { QueryError } from './query-error';
import { SaleChannelMissing } from './sale-channel-missing';
import { SaleChannelRegisterStatusTag, SaleChannelSyncStatusTag } from './status-tags';

/**
 * "Kênh bán" on a product's page: for each active sales channel, the product's registration (approval
 * and sync status, the reason of a rejection or closing) and what it still lacks for the channel, with
 * the way to /sales-channels where it is registered and synced.
 */
export function ProductSaleChannels({ productId }: { productId: number }) {
  const { t } = useTranslation('sales-channels');
  const byProduct = useSaleChannelsByProductQuery(productId, { refetchOnMountOrArgChange: true });
  const channels = useListSaleChannelsQuery();
  const failed = byProduct.error ?? channels.error;

  const byId = new Map<number, SaleChannel>((channels.data ?? []).map((c) => [c.id, c]));
  const rows = (byProduct.data?.product.channels ?? []).flatMap((state) => {
    const channel = byId.get(state.channel_id);
    if (!channel) return [];
    const reference = byProduct.data?.references.find((r) => r.channel.id === state.channel_id) ?? null;
    return [{ channel, missing: state.missing, reference }];
  });

  return (
    <Card
      size="small"
      title={t('panel.title')}
      extra={<Link to={paths.salesChannels}>{t('panel.manage')}</Link>}
      data-testid="product-sale-channels"
    >
      {failed ? (
        <QueryError
          error={failed}
          onRetry={() => {
            void byProduct.refetch();
            void channels.refetch();
          }}
        />
      ) : !byProduct.data || !channels.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List
          dataSource={rows}
          locale={{ emptyText: t('panel.noChannels') }}
          renderItem={({ channel, missing, reference }) => (
            <List.Item data-testid="product-sale-channel" data-channel={channel.code}>
              <Flex gap={12} align="flex-start" style={{ width: '100%' }} wrap>
                <img src={channel.logo_url} alt="" width={32} height={32} style={{ borderRadius: 6, flex: 'none' }} />
                <Flex vertical gap={4} style={{ minWidth: 160, flex: '0 0 180px' }}>
                  <Typography.Text strong>{channel.name}</Typography.Text>
                </Flex>
                <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
                  <Space size={4} wrap>
                    {reference ? (
                      <>
                        <SaleChannelRegisterStatusTag status={reference.register_status} />
                        {reference.register_status === 'approved' && (
                          <SaleChannelSyncStatusTag status={reference.sync_status} />
                        )}
                      </>
                    ) : (
                      <Tag data-testid="sale-channel-not-registered">{t('panel.notRegistered')}</Tag>
                    )}
                  </Space>
                  {reference?.reason &&
                    (reference.register_status === 'rejected' || reference.register_status === 'closed') && (
                      <Typography.Text type="secondary" data-testid="sale-channel-reason">
                        {t('panel.reason', { reason: reference.reason })}
                      </Typography.Text>
                    )}
                  {reference?.last_error && reference.sync_status === 'error' && (
                    <Typography.Text type="danger">
                      {t('panel.lastError', { error: reference.last_error })}
                    </Typography.Text>
                  )}
                  {missing.length ? (
                    <SaleChannelMissing missing={missing} />
                  ) : (
                    !reference && (
                      <Typography.Text type="success" data-testid="sale-channel-ready">
                        <CheckCircleOutlined /> {t('panel.ready')}
                      </Typography.Text>
                    )
                  )}
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
