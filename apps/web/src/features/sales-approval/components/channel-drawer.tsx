import { useState } from 'react';
import { Alert, App, Button, Divider, Flex, Form, Input, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SALE_CHANNEL_MIN_IMAGES_MAX,
  type AdminSaleChannel,
  type SaleChannelRequirements,
} from '@agrihub/contract/schemas/sale-channels';
import { ActivityHistory } from '../../../components/activity-history';
import { QueryError } from '../../../components/query-error';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { useGetAdminChannelQuery, useUpdateAdminChannelMutation } from '../api/sales-approval-api';
import { ChannelName } from '../../../components/channel-name';

interface Values {
  requirements: SaleChannelRequirements;
  description: string;
  description_en: string;
}

const MIN_DESCRIPTION_MAX = 2000;

/**
 * A channel's settings in the drawer: what a product needs before it may be registered (GTIN,
 * images, approved product, price, description length) and the descriptions (vi/en); then the
 * history of the channel's settings.
 */
export function ChannelSettings({ id }: { id: number }) {
  const { t } = useTranslation('sales-approval');
  const { message } = App.useApp();
  const canEdit = useAppAbility().can('update', 'sale_channel_reference');
  const detail = useGetAdminChannelQuery(id);
  const [save, saving] = useUpdateAdminChannelMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [historyPage, setHistoryPage] = useState(1);
  const [form] = Form.useForm<Values>();

  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  const channel: AdminSaleChannel = detail.data.channel;

  const submit = (v: Values) => {
    setFailure(null);
    save({
      id,
      body: {
        requirements: v.requirements,
        description: v.description.trim(),
        description_en: v.description_en.trim(),
      },
    })
      .unwrap()
      .then((msg) => void message.success(msg ?? t('done')))
      .catch((e: unknown) => setFailure(isApiError(e) ? e.message : t('errors.generic')));
  };

  return (
    <Flex vertical gap={16} data-testid="channel-settings" data-code={channel.code}>
      <ChannelName channel={channel} size={32} />
      {failure && <Alert type="error" showIcon title={failure} data-testid="channel-error" />}
      <Form<Values>
        name="sale-channel"
        noValidate
        form={form}
        layout="horizontal"
        labelCol={{ span: 10 }}
        wrapperCol={{ span: 14 }}
        disabled={!canEdit}
        initialValues={{
          requirements: channel.requirements,
          description: channel.description,
          description_en: channel.description_en,
        }}
        onFinish={submit}
      >
        <Typography.Title level={5}>{t('channels.requirementsTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('channels.requirementsHint')}</Typography.Paragraph>
        <Form.Item name={['requirements', 'gtin']} label={t('requirements.gtin')} valuePropName="checked">
          <Switch data-testid="req-gtin" />
        </Form.Item>
        <Form.Item
          name={['requirements', 'min_images']}
          label={t('requirements.min_images')}
          rules={[{ required: true, message: t('channels.numberRequired') }]}
        >
          <InputNumber min={0} max={SALE_CHANNEL_MIN_IMAGES_MAX} precision={0} data-testid="req-min-images" />
        </Form.Item>
        <Form.Item
          name={['requirements', 'approved_product']}
          label={t('requirements.approved_product')}
          valuePropName="checked"
        >
          <Switch data-testid="req-approved-product" />
        </Form.Item>
        <Form.Item name={['requirements', 'price']} label={t('requirements.price')} valuePropName="checked">
          <Switch data-testid="req-price" />
        </Form.Item>
        <Form.Item
          name={['requirements', 'min_description']}
          label={t('requirements.min_description')}
          extra={t('channels.minDescriptionHint')}
          rules={[{ required: true, message: t('channels.numberRequired') }]}
        >
          <InputNumber min={0} max={MIN_DESCRIPTION_MAX} precision={0} data-testid="req-min-description" />
        </Form.Item>
        <Divider />
        <Form.Item
          name="description"
          label={t('channels.description')}
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
        >
          <Input.TextArea rows={3} maxLength={2000} data-testid="channel-description" />
        </Form.Item>
        <Form.Item
          name="description_en"
          label={t('channels.descriptionEn')}
          labelCol={{ span: 24 }}
          wrapperCol={{ span: 24 }}
        >
          <Input.TextArea rows={3} maxLength={2000} data-testid="channel-description-en" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving.isLoading} data-testid="channel-save">
            {t('actions.save')}
          </Button>
        )}
      </Form>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.history')}
      </Typography.Title>
      <ActivityHistory
        query={{ ...detail, data: { history: detail.data.history } }}
        testId="channel-history"
        page={historyPage}
        onPageChange={setHistoryPage}
        subject="sale_channel"
        fieldLabel={(f) => t(`channels.fields.${f}`, { defaultValue: f })}
      />
    </Flex>
  );
}
