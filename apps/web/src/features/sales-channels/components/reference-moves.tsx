import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SALE_CHANNEL_REASON_MAX, type SaleChannelReference } from '@agrihub/contract/schemas/sale-channels';
import { isApiError } from '../../../lib/api-error';
import { canSync, refusedProducts } from '../../../lib/sale-channels';
import { useMoveSaleChannelReferenceMutation, useSyncSaleChannelReferenceMutation } from '../api/sales-channels-api';
import { ReadinessList } from './readiness-list';
import { useFormName } from '../../../lib/form-name';

/** What is registered, in words: "Gạo ST25 on Shopee", or "your shop on Shopee". */
export function useReferenceSubject() {
  const { t } = useTranslation('sales-channels');
  return (ref: Pick<SaleChannelReference, 'product'> & { channel: { name: string } }) =>
    ref.product
      ? t('products.subject', { product: ref.product.name, channel: ref.channel.name })
      : t('channel.shopOn', { channel: ref.channel.name });
}

interface Target {
  id: number;
  /** What is registered, in words ("your shop on Shopee", "Gạo ST25 on Shopee"). */
  subject: string;
}

/** Closing an approved registration: a modal asks for the reason (required), the channel stops listing it. */
export function CloseReferenceButton({ target, size }: { target: Target; size?: 'small' | 'middle' }) {
  const formName = useFormName('reference-move');
  const { t } = useTranslation(['sales-channels', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const [move, { isLoading }] = useMoveSaleChannelReferenceMutation();

  const onOk = async () => {
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    try {
      const note = await move({ id: target.id, register_status: 'closed', reason: reason.trim() }).unwrap();
      void message.success(note || t('sales-channels:moves.closed'));
      setOpen(false);
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <>
      <Button danger size={size} onClick={() => setOpen(true)} data-testid="sale-channel-close">
        {t('sales-channels:moves.close')}
      </Button>
      <Modal
        open={open}
        title={t('sales-channels:moves.closeTitle', { subject: target.subject })}
        okText={t('sales-channels:moves.closeConfirm')}
        okButtonProps={{ danger: true, loading: isLoading, 'data-testid': 'sale-channel-close-confirm' }}
        cancelText={t('common:actions.cancel')}
        onOk={() => void onOk()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('sales-channels:moves.closeWarning')}</p>
        <Form name={formName} noValidate form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('sales-channels:moves.reason')}
            rules={[
              { required: true, whitespace: true, message: t('sales-channels:moves.reasonRequired') },
              { max: SALE_CHANNEL_REASON_MAX },
            ]}
          >
            <Input.TextArea rows={3} maxLength={SALE_CHANNEL_REASON_MAX} data-testid="sale-channel-close-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * Sending a rejected registration again (back to pending) after a confirmation; a product that still
 * lacks something is refused by the server (422) and what it lacks is shown.
 */
export function ResubmitReferenceButton({ target, size }: { target: Target; size?: 'small' | 'middle' }) {
  const { t } = useTranslation(['sales-channels', 'common']);
  const { modal, message } = App.useApp();
  const [move, { isLoading }] = useMoveSaleChannelReferenceMutation();

  const onClick = () =>
    modal.confirm({
      title: t('sales-channels:moves.resubmitTitle', { subject: target.subject }),
      content: t('sales-channels:moves.resubmitWarning'),
      okText: t('sales-channels:moves.resubmit'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'sale-channel-resubmit-confirm' },
      onOk: async () => {
        try {
          const note = await move({ id: target.id, register_status: 'pending' }).unwrap();
          void message.success(note || t('sales-channels:moves.resubmitted'));
        } catch (e) {
          const refused = refusedProducts(e);
          if (refused.length) {
            modal.error({
              title: isApiError(e) ? e.message : t('common:errors.generic'),
              content: <ReadinessList products={refused} />,
            });
          } else void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
        }
      },
    });

  return (
    <Button size={size} loading={isLoading} onClick={onClick} data-testid="sale-channel-resubmit">
      {t('sales-channels:moves.resubmit')}
    </Button>
  );
}

/**
 * Sending an approved product registration to its channel now; a product that lacks something is
 * still sent (the channel's error is recorded) and the tooltip says so.
 */
export function SyncReferenceButton({
  reference,
  size,
}: {
  reference: Pick<SaleChannelReference, 'id' | 'missing'>;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation(['sales-channels', 'common']);
  const { message } = App.useApp();
  const [sync, { isLoading }] = useSyncSaleChannelReferenceMutation();

  const onClick = async () => {
    try {
      const note = await sync(reference.id).unwrap();
      void message.success(note || t('sales-channels:products.synced'));
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
    }
  };

  return (
    <Tooltip title={reference.missing.length ? t('sales-channels:products.syncMissing') : undefined}>
      <Button
        size={size}
        icon={<SyncOutlined />}
        loading={isLoading}
        onClick={() => void onClick()}
        data-testid="sale-channel-sync"
      >
        {t('sales-channels:products.sync')}
      </Button>
    </Tooltip>
  );
}

/**
 * The moves the producer may make on one of its registrations now: sync an approved product, send a
 * rejected one again, close an approved one (the table's allowed moves).
 */
export function ReferenceMoves({
  reference,
  subject,
  size,
}: {
  reference: SaleChannelReference;
  subject: string;
  size?: 'small' | 'middle';
}) {
  const target = { id: reference.id, subject };
  return (
    <Flex gap={6} wrap data-testid="sale-channel-reference-moves">
      {canSync(reference) && <SyncReferenceButton size={size} reference={reference} />}
      {reference.allowed_moves.includes('pending') && <ResubmitReferenceButton size={size} target={target} />}
      {reference.allowed_moves.includes('closed') && <CloseReferenceButton size={size} target={target} />}
    </Flex>
  );
}
