import { useState, type ReactNode } from 'react';
import { App, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncomingShipment, Shipment } from '@agrihub/contract/schemas/shipments';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { currentLocale } from '../../../lib/i18n';
import { formatDay, formatQuantity, signedDifference } from '../../../lib/shipment-format';
import { ShipmentReasonModal } from './reason-modal';

type Row = Shipment | IncomingShipment;

interface Props<T extends Row> {
  title: ReactNode;
  testId: string;
  one: { data?: T; isError: boolean; error?: unknown; refetch: () => unknown };
  onClose: () => void;
  /** The side's move with a reason (the sender's cancel, the receiver's refusal). */
  reasoned: { kind: 'cancel' | 'refuse'; busy: boolean; send: (reason: string) => Promise<unknown> };
  /** The shipment's view; `ask` opens the reason modal. */
  children: (s: T, ask: () => void) => ReactNode;
}

/** One shipment of a side in a drawer, with the modal asking the reason of its move. */
export function ShipmentDrawer<T extends Row>({ title, testId, one, onClose, reasoned, children }: Props<T>) {
  const { t } = useTranslation('shipments');
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (reason: string) => {
    try {
      await reasoned.send(reason);
      message.success(t(`${reasoned.kind}.done`));
      setAsking(false);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t(`${reasoned.kind}.failed`));
    }
  };

  return (
    <Drawer open width={560} title={title} onClose={onClose} data-testid={testId}>
      {one.isError ? (
        <QueryError error={one.error} onRetry={() => void one.refetch()} />
      ) : !one.data ? (
        <Typography.Text type="secondary">{t('loading')}</Typography.Text>
      ) : (
        children(one.data, () => setAsking(true))
      )}
      <ShipmentReasonModal
        open={asking}
        kind={reasoned.kind}
        busy={reasoned.busy}
        failure={failure}
        onSubmit={(r) => void onSubmit(r)}
        onClose={() => {
          setAsking(false);
          setFailure(null);
        }}
      />
    </Drawer>
  );
}

/**
 * The receipt's items (a received shipment) and the reasons of a refusal or cancellation. A function,
 * not a component: Descriptions reads its items' props, so they must stand directly in it.
 */
export function receiptItems(s: Row, t: (key: string) => string, extra?: ReactNode) {
  const locale = currentLocale();
  const q = (n: number | null) => (n === null ? '—' : `${formatQuantity(n, locale)} ${s.unit}`);
  return (
    <>
      {s.status === 'received' && (
        <>
          <Descriptions.Item label={t('fields.receivedQuantity')}>{q(s.received_quantity)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.difference')}>
            {s.difference === null ? '—' : `${signedDifference(s.difference, locale)} ${s.unit}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.receivedOn')}>{formatDay(s.received_on)}</Descriptions.Item>
          {extra}
        </>
      )}
      {s.refusal_reason && <Descriptions.Item label={t('fields.refusalReason')}>{s.refusal_reason}</Descriptions.Item>}
      {s.cancel_reason && <Descriptions.Item label={t('fields.cancelReason')}>{s.cancel_reason}</Descriptions.Item>}
    </>
  );
}
