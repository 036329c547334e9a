import { useState } from 'react';
import { Button, Descriptions, Empty, Flex, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import type { ShipmentStatus } from '@agrihub/contract/schemas/chain';
import type { Shipment } from '@agrihub/contract/schemas/shipments';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../lib/i18n';
import { useEnumLabel } from '../../../lib/enums';
import { useCancelShipmentMutation, useGetShipmentQuery, useListShipmentsQuery } from '../../../lib/shipments-api';
import { ShipModal } from '../../../components/ship-modal';
import { STATUS_COLORS, formatDay, formatQuantity } from '../../../lib/shipment-format';
import { ShipmentDrawer, receiptItems } from '../components/shipment-drawer';
import { EudrCard } from '../../../components/eudr-card';
import { PER_PAGE, ShipmentList, useShipmentColumns } from '../components/shipment-list';

/** The sender's view of one shipment, with its cancel action while it is sent. */
function ShipmentDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('shipments');
  const enumLabel = useEnumLabel();
  const locale = currentLocale();
  const one = useGetShipmentQuery(id);
  const [cancel, cancelling] = useCancelShipmentMutation();

  return (
    <ShipmentDrawer
      title={t('detail.title')}
      testId="shipment-detail"
      one={one}
      onClose={onClose}
      reasoned={{ kind: 'cancel', busy: cancelling.isLoading, send: (reason) => cancel({ id, reason }).unwrap() }}
    >
      {(s: Shipment, ask) => {
        const q = (n: number | null) => (n === null ? '—' : `${formatQuantity(n, locale)} ${s.unit}`);
        return (
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
              {receiptItems(s, t)}
            </Descriptions>
            {(s.status === 'sent' || s.status === 'received') && <EudrCard kind="shipment" id={s.id} />}
            {s.status === 'sent' && (
              <Button danger onClick={ask} data-testid="cancel-shipment">
                {t('cancel.action')}
              </Button>
            )}
          </Flex>
        );
      }}
    </ShipmentDrawer>
  );
}

/** /shipments (and /shipments/:id): the producer's outgoing shipments with status tags; ship and cancel. */
export function ShipmentsPage() {
  const { t } = useTranslation('shipments');
  const navigate = useNavigate();
  const { id } = useParams();
  const [view, setView] = useState<{ status?: ShipmentStatus; page: number }>({ page: 1 });
  const list = useListShipmentsQuery({ status: view.status, page: view.page, per_page: PER_PAGE });
  const [shipping, setShipping] = useState(false);
  const c = useShipmentColumns();

  const empty = view.status ? (
    <Empty description={t('list.noMatch')} />
  ) : (
    <Empty description={t('list.empty')} data-testid="shipments-empty">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setShipping(true)}>
        {t('create.open')}
      </Button>
    </Empty>
  );

  return (
    <>
      <ShipmentList<Shipment>
        testId="shipments-page"
        title={t('list.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setShipping(true)} data-testid="new-shipment">
            {t('create.open')}
          </Button>
        }
        list={list}
        status={view.status}
        page={view.page}
        onChange={(status, page) => setView({ status, page })}
        empty={empty}
        columns={[
          c.shippedOn,
          c.lot,
          c.quantity,
          { title: t('fields.partner'), key: 'partner', render: (_: unknown, s) => s.partner.name },
          c.document,
          c.status,
        ]}
        onOpen={(s) => void navigate(generatePath(paths.shipment, { id: String(s.id) }))}
      />
      <ShipModal open={shipping} onClose={() => setShipping(false)} />
      {id && <ShipmentDetail id={Number(id)} onClose={() => void navigate(paths.shipments)} />}
    </>
  );
}
