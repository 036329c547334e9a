import { useRef, useState } from 'react';
import { App, Button, Col, Empty, Flex, Row, Space, Typography } from 'antd';
import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { fetchPrivateFile, saveBlob } from '../../../lib/private-file';
import { useListSaleChannelsQuery } from '../../../lib/sale-channels-api';
import { useAppSelector } from '../../../stores/hooks';
import { useListSaleChannelReferencesQuery, useResyncOutOfDateMutation } from '../api/sales-channels-api';
import { ChannelCard } from '../components/channel-card';
import { ChannelProducts } from '../components/channel-products';
import { ReferenceDrawer } from '../components/reference-drawer';
import { pickedChannel } from '../lib/channel-text';

/**
 * /sales-channels (producers only): the platform's sales channels with the producer's own
 * registration to each, and the picked channel's products (`?channel=<id>`); a registration's detail
 * opens in a drawer (`&reference=<id>`); "resync all" sends every out-of-date product again; the
 * export downloads the producer's own registrations as XLSX.
 */
export function SalesChannelsPage() {
  const { t } = useTranslation(['sales-channels', 'common']);
  const { modal, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const productsRef = useRef<HTMLDivElement>(null);
  const channels = useListSaleChannelsQuery(undefined, { refetchOnMountOrArgChange: true });
  // Counters over all the producer's product registrations (per_page 1: only the counts are read).
  const all = useListSaleChannelReferencesQuery({ referenceable_type: 'product', per_page: 1 });
  const [resync, resyncState] = useResyncOutOfDateMutation();
  const token = useAppSelector((s) => s.user.token);
  const [exporting, setExporting] = useState(false);
  const outOfDate = all.data?.meta.counts.sync_status.out_of_date ?? 0;
  const openId = Number(params.get('reference')) || null;
  const openReference = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('reference', String(id));
    else next.delete('reference');
    setParams(next);
  };

  if (channels.isError) return <QueryError error={channels.error} onRetry={() => void channels.refetch()} />;
  if (!channels.data) return <PageLoader />;
  const picked = pickedChannel(channels.data, params.get('channel'));

  const onResyncAll = () =>
    modal.confirm({
      title: t('sales-channels:page.resyncAllTitle'),
      content: t('sales-channels:page.resyncAllWarning', { n: outOfDate }),
      okText: t('sales-channels:products.resync'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'sale-channel-resync-all-confirm' },
      onOk: async () => {
        try {
          const done = await resync({}).unwrap();
          const note = done.message || t('sales-channels:products.resynced');
          // Some could not be synced (what each lacks is on its row): a warning, not a success.
          void (done.failed ? message.warning(note) : message.success(note));
        } catch (e) {
          void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
        }
      },
    });

  const onExport = async () => {
    setExporting(true);
    try {
      const url = '/api/v1/sale_channel_references/export?mode=exportAllData';
      const file = await fetchPrivateFile(token, url, 'dang-ky-kenh-ban.xlsx', { method: 'POST', body: {} });
      saveBlob(file.blob, file.filename);
    } catch (e) {
      void message.error((e as Error).message || t('sales-channels:page.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="sales-channels-page">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('sales-channels:page.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('sales-channels:page.intro')}</Typography.Text>
        </div>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void onExport()}
            data-testid="sale-channel-export"
          >
            {t('sales-channels:page.export')}
          </Button>
          <Button
            icon={<SyncOutlined />}
            disabled={!outOfDate}
            loading={resyncState.isLoading}
            onClick={onResyncAll}
            data-testid="sale-channel-resync-all"
          >
            {t('sales-channels:page.resyncAll', { n: outOfDate })}
          </Button>
        </Space>
      </Flex>
      {channels.data.length ? (
        <Row gutter={[16, 16]}>
          {channels.data.map((channel) => (
            <Col key={channel.id} xs={24} md={12} xl={8} xxl={6}>
              <ChannelCard
                channel={channel}
                selected={channel.id === picked?.id}
                onOpen={openReference}
                onShowProducts={() => {
                  setParams({ channel: String(channel.id) }, { replace: true });
                  productsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('sales-channels:page.noChannels')} data-testid="sales-channels-empty" />
      )}
      <div ref={productsRef}>
        {picked && <ChannelProducts key={picked.id} channel={picked} onOpen={openReference} />}
      </div>
      <ReferenceDrawer id={openId} onClose={() => openReference(null)} />
    </Flex>
  );
}
