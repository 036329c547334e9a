import { App, Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaleChannel } from '@agrihub/contract/schemas/sale-channels';
import { SaleChannelRegisterStatusTag } from '../../../components/status-tags';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { currentLocale } from '../../../lib/i18n';
import { requirementLines } from '../../../lib/sale-channels';
import { useRegisterToSaleChannelMutation } from '../api/sales-channels-api';
import { channelDescription } from '../lib/channel-text';
import { CloseReferenceButton, ResubmitReferenceButton } from './reference-moves';

interface Props {
  channel: SaleChannel;
  selected: boolean;
  onShowProducts: () => void;
  /** Opens a registration's detail (the shop's own, here). */
  onOpen: (id: number) => void;
}

/**
 * One sales channel: its badge, name, kind and description, what it asks of a product (in words),
 * and the producer's own registration (its shop on the channel, its detail a click away) with the
 * moves it may make: register (confirmed), send a rejected one again, close an approved one with a reason.
 */
export function ChannelCard({ channel, selected, onShowProducts, onOpen }: Props) {
  const { t } = useTranslation(['sales-channels', 'common']);
  const label = useEnumLabel();
  const { modal, message } = App.useApp();
  const [register, { isLoading }] = useRegisterToSaleChannelMutation();
  const registration = channel.registration ?? null;
  const lines = requirementLines(channel.requirements);
  const subject = t('sales-channels:channel.shopOn', { channel: channel.name });

  const onRegister = () =>
    modal.confirm({
      title: t('sales-channels:channel.registerTitle', { channel: channel.name }),
      content: t('sales-channels:channel.registerWarning'),
      okText: t('sales-channels:channel.register'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { 'data-testid': 'sale-channel-register-confirm' },
      onOk: async () => {
        try {
          const { message: note } = await register({ channelId: channel.id }).unwrap();
          void message.success(note || t('sales-channels:channel.registered'));
        } catch (e) {
          void message.error(isApiError(e) ? e.message : t('common:errors.generic'));
        }
      },
    });

  return (
    <Card
      size="small"
      data-testid="sale-channel-card"
      data-channel={channel.code}
      style={{ height: '100%', borderColor: selected ? 'var(--ant-color-primary)' : undefined }}
      styles={{ body: { height: '100%' } }}
    >
      <Flex vertical gap={10} style={{ height: '100%' }}>
        <Flex gap={12} align="center">
          <img src={channel.logo_url} alt="" width={44} height={44} style={{ borderRadius: 8, flex: 'none' }} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: 16 }} ellipsis>
              {channel.name}
            </Typography.Text>
            <Space size={4} wrap>
              <Tag bordered={false}>{label('saleChannelKind', channel.kind)}</Tag>
              {!channel.active && (
                <Tag color="default" data-testid="sale-channel-paused">
                  {t('sales-channels:channel.paused')}
                </Tag>
              )}
            </Space>
          </Flex>
        </Flex>
        {channelDescription(channel, currentLocale()) && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: true }}>
            {channelDescription(channel, currentLocale())}
          </Typography.Paragraph>
        )}
        <div data-testid="sale-channel-requirements">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('sales-channels:channel.requirements')}
          </Typography.Text>
          {lines.length ? (
            <ul style={{ margin: '2px 0 0', paddingInlineStart: 18 }}>
              {lines.map((line) => (
                <li key={line.key} data-requirement={line.key}>
                  {t(`sales-channels:requirement.${line.key}`, { n: line.count })}
                </li>
              ))}
            </ul>
          ) : (
            <div>{t('sales-channels:channel.noRequirements')}</div>
          )}
        </div>
        <Flex vertical gap={4} style={{ marginTop: 'auto' }}>
          <Flex gap={6} align="center" wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('sales-channels:channel.yourShop')}
            </Typography.Text>
            {registration ? (
              <>
                <SaleChannelRegisterStatusTag status={registration.register_status} testId="sale-channel-shop-status" />
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0 }}
                  onClick={() => onOpen(registration.id)}
                  data-testid="sale-channel-shop-open"
                >
                  {t('sales-channels:detail.open')}
                </Button>
              </>
            ) : (
              <Tag data-testid="sale-channel-shop-status" data-status="none">
                {t('sales-channels:channel.notRegistered')}
              </Tag>
            )}
          </Flex>
          {registration?.reason &&
            (registration.register_status === 'rejected' || registration.register_status === 'closed') && (
              <Typography.Text type="secondary" data-testid="sale-channel-shop-reason">
                {t('sales-channels:channel.reason', { reason: registration.reason })}
              </Typography.Text>
            )}
          <Flex gap={8} wrap>
            {!registration && (
              <Button
                type="primary"
                size="small"
                disabled={!channel.active}
                loading={isLoading}
                onClick={onRegister}
                data-testid="sale-channel-register"
              >
                {t('sales-channels:channel.register')}
              </Button>
            )}
            {registration?.register_status === 'rejected' && (
              <ResubmitReferenceButton size="small" target={{ id: registration.id, subject }} />
            )}
            {registration?.register_status === 'approved' && (
              <CloseReferenceButton size="small" target={{ id: registration.id, subject }} />
            )}
            <Button
              size="small"
              type={selected ? 'primary' : 'default'}
              ghost={selected}
              onClick={onShowProducts}
              data-testid="sale-channel-show-products"
            >
              {t('sales-channels:channel.products')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
