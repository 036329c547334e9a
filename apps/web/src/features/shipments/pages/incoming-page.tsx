import { useState } from 'react';
import { Button, Descriptions, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import type { ShipmentStatus } from '@agrihub/contract/schemas/chain';
import type { IncomingShipment } from '@agrihub/contract/schemas/shipments';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../lib/i18n';
import { useEnumLabel } from '../../../lib/enums';
import { useGetIncomingQuery, useListIncomingQuery, useRefuseShipmentMutation } from '../../../lib/shipments-api';
import { ReceiveModal } from '../components/receive-modal';
import { STATUS_COLORS, formatDay, formatQuantity } from '../../../lib/shipment-format';
import { ShipmentDrawer, receiptItems } from '../components/shipment-drawer';
import { PER_PAGE, ShipmentList, useShipmentColumns } from '../components/shipment-list';

/** The receiver's view of one incoming shipment: receive it into a lot of its own, or refuse it. */
function IncomingDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const locale = currentLocale();
  const one = useGetIncomingQuery(id);
  const [refuse, refusing] = useRefuseShipmentMutation();
  const [receiving, setReceiving] = useState(false);

  return (
    <ShipmentDrawer
      title={t('detail.incomingTitle')}
      testId="incoming-detail"
      one={one}
      onClose={onClose}
      reasoned={{ kind: 'refuse', busy: refusing.isLoading, send: (reason) => refuse({ id, reason }).unwrap() }}
    >
      {(s: IncomingShipment, ask) => {
        const q = (n: number | null) => (n === null ? '—' : `${formatQuantity(n, locale)} ${s.unit}`);
        return (
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
              {receiptItems(
                s,
                t,
                <>
                  <Descriptions.Item label={t('fields.newLotCode')}>
                    {s.received_lot && (
                      <LinkButton
                        type="link"
                        size="small"
                        to={generatePath(paths.productBatch, { id: String(s.received_lot.id) })}
                      >
                        {s.received_lot.lot_code}
                      </LinkButton>
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.receiverLocation')}>
                    {s.receiver_location?.name ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.receiverNote')}>{s.note ?? '—'}</Descriptions.Item>
                </>,
              )}
            </Descriptions>
            {s.status === 'sent' && (
              <Flex gap={8}>
                <Button type="primary" onClick={() => setReceiving(true)} data-testid="receive-shipment">
                  {t('receive.action')}
                </Button>
                <Button danger onClick={ask} data-testid="refuse-shipment">
                  {t('refuse.action')}
                </Button>
              </Flex>
            )}
            <ReceiveModal open={receiving} shipment={s} onClose={() => setReceiving(false)} />
          </Flex>
        );
      }}
    </ShipmentDrawer>
  );
}

/** /incoming-shipments ("Hàng đến"): what partners shipped to the producer; receive or refuse. */
export function IncomingPage() {
  const { t } = useTranslation('shipments');
  const navigate = useNavigate();
  const { id } = useParams();
  const [view, setView] = useState<{ status?: ShipmentStatus; page: number }>({ page: 1 });
  const list = useListIncomingQuery({ status: view.status, page: view.page, per_page: PER_PAGE });
  const c = useShipmentColumns();

  return (
    <>
      <ShipmentList<IncomingShipment>
        testId="incoming-page"
        title={t('incoming.title')}
        list={list}
        status={view.status}
        page={view.page}
        onChange={(status, page) => setView({ status, page })}
        empty={<Empty description={view.status ? t('list.noMatch') : t('incoming.empty')} />}
        columns={[
          c.shippedOn,
          { title: t('fields.sender'), key: 'sender', render: (_: unknown, s) => s.sender.name },
          c.lot,
          c.quantity,
          c.document,
          c.status,
        ]}
        onOpen={(s) => void navigate(generatePath(paths.incomingShipment, { id: String(s.id) }))}
        rowTestId={(s) => `incoming-row-${s.id}`}
      />
      {id && <IncomingDetail id={Number(id)} onClose={() => void navigate(paths.incomingShipments)} />}
    </>
  );
}
