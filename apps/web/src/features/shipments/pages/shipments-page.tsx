import { useState } from 'react';
import { App, Button, Card, Descriptions, Drawer, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@agrihub/contract/schemas/chain';
import type { Shipment } from '@agrihub/contract/schemas/shipments';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { currentLocale } from '../../../lib/i18n';
import { useEnumLabel } from '../../../lib/enums';
import { useCancelShipmentMutation, useGetShipmentQuery, useListShipmentsQuery } from '../../../lib/shipments-api';
import { ShipmentReasonModal } from '../components/reason-modal';
import { ShipModal } from '../../../components/ship-modal';
import { STATUS_COLORS, formatDay, formatQuantity, signedDifference } from '../../../lib/shipment-format';

const PER_PAGE = 20;

/** The sender's view of one shipment, with its cancel action while it is sent. */
function ShipmentDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const { message } = App.useApp();
  const locale = currentLocale();
  const one = useGetShipmentQuery(id);
  const [cancel, cancelling] = useCancelShipmentMutation();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const s = one.data;
  const q = (n: number | null) => (n === null ? '—' : `${formatQuantity(n, locale)} ${s?.unit ?? ''}`);

  const onCancel = async (reason: string) => {
    try {
      await cancel({ id, reason }).unwrap();
      message.success(t('cancel.done'));
      setAsking(false);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('cancel.failed'));
    }
  };

  return (
    <Drawer open width={560} title={t('detail.title')} onClose={onClose} data-testid="shipment-detail">
      {one.isError ? (
        <QueryError error={one.error} onRetry={() => void one.refetch()} />
      ) : !s ? (
        <Typography.Text type="secondary">{t('loading')}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.status')}>
              <Tag color={STATUS_COLORS[s.status]}>{enumLabel('shipmentStatus', s.status)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.lot')}>
              {s.lot.lot_code} — {s.lot.product_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.quantity')}>{q(s.quantity)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.remaining')}>{q(s.lot.remaining_quantity)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.partner')}>
              {s.partner.name} {s.partner.on_platform && <Tag color="green">{t('onPlatform')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.shippedOn')}>{formatDay(s.shipped_on)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.fromLocation')}>{s.from_location?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.document')}>
              {s.document_type ? t(`documentType.${s.document_type}`) : '—'} {s.document_number ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.carrier')}>{s.carrier ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.destination')}>{s.destination ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.senderNote')}>{s.note ?? '—'}</Descriptions.Item>
            {s.status === 'received' && (
              <>
                <Descriptions.Item label={t('fields.receivedQuantity')}>{q(s.received_quantity)}</Descriptions.Item>
                <Descriptions.Item label={t('fields.difference')}>
                  {s.difference === null ? '—' : `${signedDifference(s.difference, locale)} ${s.unit}`}
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.receivedOn')}>{formatDay(s.received_on)}</Descriptions.Item>
              </>
            )}
            {s.refusal_reason && <Descriptions.Item label={t('fields.refusalReason')}>{s.refusal_reason}</Descriptions.Item>}
            {s.cancel_reason && <Descriptions.Item label={t('fields.cancelReason')}>{s.cancel_reason}</Descriptions.Item>}
          </Descriptions>
          {s.status === 'sent' && (
            <Button danger onClick={() => setAsking(true)} data-testid="cancel-shipment">
              {t('cancel.action')}
            </Button>
          )}
        </Flex>
      )}
      <ShipmentReasonModal
        open={asking}
        kind="cancel"
        busy={cancelling.isLoading}
        failure={failure}
        onSubmit={(r) => void onCancel(r)}
        onClose={() => {
          setAsking(false);
          setFailure(null);
        }}
      />
    </Drawer>
  );
}

/** /shipments (and /shipments/:id): the producer's outgoing shipments with status tags; ship and cancel. */
export function ShipmentsPage() {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const locale = currentLocale();
  const navigate = useNavigate();
  const { id } = useParams();
  const [status, setStatus] = useState<ShipmentStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useListShipmentsQuery({ status, page, per_page: PER_PAGE });
  const [shipping, setShipping] = useState(false);

  const empty = status ? (
    <Empty description={t('list.noMatch')} />
  ) : (
    <Empty description={t('list.empty')} data-testid="shipments-empty">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setShipping(true)}>
        {t('create.open')}
      </Button>
    </Empty>
  );

  return (
    <Flex vertical gap={16} data-testid="shipments-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setShipping(true)} data-testid="new-shipment">
          {t('create.open')}
        </Button>
      </Flex>
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
            <Table<Shipment>
              rowKey="id"
              loading={list.isFetching}
              dataSource={list.data?.shipments ?? []}
              locale={{ emptyText: list.isLoading ? ' ' : empty }}
              scroll={{ x: 900 }}
              onRow={(s) => ({
                onClick: () => void navigate(generatePath(paths.shipment, { id: String(s.id) })),
                style: { cursor: 'pointer' },
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
                { title: t('fields.partner'), key: 'partner', render: (_: unknown, s) => s.partner.name },
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
      <ShipModal open={shipping} onClose={() => setShipping(false)} />
      {id && <ShipmentDetail id={Number(id)} onClose={() => void navigate(paths.shipments)} />}
    </Flex>
  );
}
