import { useState } from 'react';
import { App, Button, Card, Descriptions, Drawer, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@agrihub/contract/schemas/chain';
import type { IncomingShipment } from '@agrihub/contract/schemas/shipments';
import { QueryError } from '../../../components/query-error';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { currentLocale } from '../../../lib/i18n';
import { useEnumLabel } from '../../../lib/enums';
import { useGetIncomingQuery, useListIncomingQuery, useRefuseShipmentMutation } from '../../../lib/shipments-api';
import { ReceiveModal } from '../components/receive-modal';
import { ShipmentReasonModal } from '../components/reason-modal';
import { STATUS_COLORS, formatDay, formatQuantity, signedDifference } from '../../../lib/shipment-format';

const PER_PAGE = 20;

/** The receiver's view of one incoming shipment: receive it into a lot of its own, or refuse it. */
function IncomingDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const { message } = App.useApp();
  const locale = currentLocale();
  const one = useGetIncomingQuery(id);
  const [refuse, refusing] = useRefuseShipmentMutation();
  const [receiving, setReceiving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const s = one.data;
  const q = (n: number | null) => (n === null ? '—' : `${formatQuantity(n, locale)} ${s?.unit ?? ''}`);

  const onRefuse = async (reason: string) => {
    try {
      await refuse({ id, reason }).unwrap();
      message.success(t('refuse.done'));
      setAsking(false);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('refuse.failed'));
    }
  };

  return (
    <Drawer open width={560} title={t('detail.incomingTitle')} onClose={onClose} data-testid="incoming-detail">
      {one.isError ? (
        <QueryError error={one.error} onRetry={() => void one.refetch()} />
      ) : !s ? (
        <Typography.Text type="secondary">{t('loading')}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.status')}>
              <Tag color={STATUS_COLORS[s.status]} data-testid="incoming-status">
                {enumLabel('shipmentStatus', s.status)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.sender')}>{s.sender.name}</Descriptions.Item>
            <Descriptions.Item label={t('fields.lot')}>
              {s.lot.lot_code} — {s.lot.product_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.quantity')}>{q(s.quantity)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.shippedOn')}>{formatDay(s.shipped_on)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.document')}>
              {s.document_type ? t(`documentType.${s.document_type}`) : '—'} {s.document_number ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.carrier')}>{s.carrier ?? '—'}</Descriptions.Item>
            {s.status === 'received' && (
              <>
                <Descriptions.Item label={t('fields.receivedQuantity')}>{q(s.received_quantity)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.difference')}>
                  {s.difference === null ? '—' : `${signedDifference(s.difference, locale)} ${s.unit}`}
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.receivedOn')}>{formatDay(s.received_on)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.newLotCode')}>
                  {s.received_lot && (
                    <LinkButton type="link" size="small" to={generatePath(paths.productBatch, { id: String(s.received_lot.id) })}>
                      {s.received_lot.lot_code}
                    </LinkButton>
                  )}
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.receiverLocation')}>{s.receiver_location?.name ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('fields.receiverNote')}>{s.note ?? '—'}</Descriptions.Item>
              </>
            )}
            {s.refusal_reason && <Descriptions.Item label={t('fields.refusalReason')}>{s.refusal_reason}</Descriptions.Item>}
            {s.cancel_reason && <Descriptions.Item label={t('fields.cancelReason')}>{s.cancel_reason}</Descriptions.Item>}
          </Descriptions>
          {s.status === 'sent' && (
            <Flex gap={8}>
              <Button type="primary" onClick={() => setReceiving(true)} data-testid="receive-shipment">
                {t('receive.action')}
              </Button>
              <Button danger onClick={() => setAsking(true)} data-testid="refuse-shipment">
                {t('refuse.action')}
              </Button>
            </Flex>
          )}
          <ReceiveModal open={receiving} shipment={s} onClose={() => setReceiving(false)} />
        </Flex>
      )}
      <ShipmentReasonModal
        open={asking}
        kind="refuse"
        busy={refusing.isLoading}
        failure={failure}
        onSubmit={(r) => void onRefuse(r)}
        onClose={() => {
          setAsking(false);
          setFailure(null);
        }}
      />
    </Drawer>
  );
}

/** /incoming-shipments ("Hàng đến"): what partners shipped to the producer; receive or refuse. */
export function IncomingPage() {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const locale = currentLocale();
  const navigate = useNavigate();
  const { id } = useParams();
  const [status, setStatus] = useState<ShipmentStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useListIncomingQuery({ status, page, per_page: PER_PAGE });

  return (
    <Flex vertical gap={16} data-testid="incoming-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('incoming.title')}
      </Typography.Title>
      <Card>
        <Flex vertical gap={16}>
          <Select
            allowClear
            placeholder={t('list.statusFilter')}
            aria-label={t('list.statusFilter')}
            style={{ width: 220 }}
            value={status}
            onChange={(v?: ShipmentStatus) => {
              setStatus(v);
              setPage(1);
            }}
            options={SHIPMENT_STATUSES.map((s) => ({ value: s, label: enumLabel('shipmentStatus', s) }))}
          />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <Table<IncomingShipment>
              rowKey="id"
              loading={list.isFetching}
              dataSource={list.data?.shipments ?? []}
              locale={{
                emptyText: list.isLoading ? ' ' : <Empty description={status ? t('list.noMatch') : t('incoming.empty')} />,
              }}
              scroll={{ x: 900 }}
              onRow={(s) => ({
                onClick: () => void navigate(generatePath(paths.incomingShipment, { id: String(s.id) })),
                style: { cursor: 'pointer' },
                'data-testid': `incoming-row-${s.id}`,
              })}
              pagination={{
                current: page,
                pageSize: PER_PAGE,
                total: list.data?.meta.total_count ?? 0,
                onChange: setPage,
                showSizeChanger: false,
              }}
              columns={[
                { title: t('fields.shippedOn'), dataIndex: 'shipped_on', render: formatDay },
                { title: t('fields.sender'), key: 'sender', render: (_: unknown, s) => s.sender.name },
                {
                  title: t('fields.lot'),
                  key: 'lot',
                  render: (_: unknown, s) => (
                    <Flex vertical>
                      <Typography.Text strong>{s.lot.lot_code}</Typography.Text>
                      <Typography.Text type="secondary">{s.lot.product_name}</Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: t('fields.quantity'),
                  key: 'quantity',
                  align: 'right',
                  render: (_: unknown, s) => `${formatQuantity(s.quantity, locale)} ${s.unit}`,
                },
                { title: t('fields.document'), dataIndex: 'document_number', render: (v: string | null) => v ?? '—' },
                {
                  title: t('fields.status'),
                  dataIndex: 'status',
                  render: (v: ShipmentStatus) => <Tag color={STATUS_COLORS[v]}>{enumLabel('shipmentStatus', v)}</Tag>,
                },
              ]}
            />
          )}
        </Flex>
      </Card>
      {id && <IncomingDetail id={Number(id)} onClose={() => void navigate(paths.incomingShipments)} />}
    </Flex>
  );
}
