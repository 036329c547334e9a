import { App, Button, Divider, Drawer, Flex, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PRICE_MAX,
  TARGET_DAYS_MAX,
  serviceUpdateBody,
  type RegisterService,
} from '@agrihub/contract/schemas/services';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { formIssues, showFieldErrors } from '../../../lib/form-rules';
import { useUpdateCatalogueServiceMutation } from '../api/services-setting-api';
import { namePath, targetSteps, toFormValues, toUpdateBody, type ServiceFormValues } from '../lib/form-values';
import { PricingRowsField } from './pricing-rows-field';
import { FormFieldsField } from './form-fields-field';
import { ServiceHistory } from './service-history';

interface Props {
  service: RegisterService | null;
  onClose: () => void;
}

/**
 * Edits one service: availability, "from" price and its unit, target days per step, pricing table.
 * The form takes the service once when it opens (render it with `key` = the service id), so a
 * refetch of the list never wipes what is being typed.
 */
export function ServiceDrawer({ service, onClose }: Props) {
  const { t, i18n } = useTranslation('services-setting');
  const label = useEnumLabel();
  const { message } = App.useApp();
  const [form] = Form.useForm<ServiceFormValues>();
  const [update, { isLoading }] = useUpdateCatalogueServiceMutation();

  const submit = async () => {
    if (!service) return;
    const body = toUpdateBody(form.getFieldsValue(true) as ServiceFormValues);
    const issues = formIssues(serviceUpdateBody, body, (k, o) => i18n.t(k, o));
    if (issues.length) return showFieldErrors(form, issues);
    try {
      await update({ id: service.id, body }).unwrap();
      void message.success(t('drawer.saved'));
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void message.error(t('drawer.failed'));
      showFieldErrors(
        form,
        error.errors.map((e) => ({ name: namePath(e.field), errors: [e.message] })),
      );
      void message.error(error.message);
    }
  };

  const steps = service ? targetSteps(service) : [];
  return (
    <Drawer
      open={service !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={service ? t('drawer.title', { name: service.title }) : ''}
      data-testid="service-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('drawer.cancel')}</Button>
          <Button type="primary" loading={isLoading} onClick={() => void submit()} data-testid="service-save">
            {t('drawer.save')}
          </Button>
        </Space>
      }
    >
      <Form
        name="service"
        noValidate
        form={form}
        layout="vertical"
        disabled={isLoading}
        initialValues={service ? toFormValues(service) : undefined}
      >
        <Form.Item name="available" label={t('fields.available')} valuePropName="checked">
          <Switch data-testid="service-available" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Form.Item name="price_from" label={t('fields.priceFrom')} style={{ flex: '1 1 40%' }}>
            <InputNumber<number>
              min={0}
              max={PRICE_MAX}
              precision={0}
              style={{ width: '100%' }}
              placeholder={t('pricing.onRequest')}
              formatter={(v) =>
                v === undefined || v === null || v === ('' as unknown) ? '' : Number(v).toLocaleString('vi-VN')
              }
              parser={(v) => Number((v ?? '').replace(/\D/g, ''))}
              data-testid="service-price-from"
            />
          </Form.Item>
          <Form.Item name="price_unit_vi" label={t('fields.priceUnitVi')} style={{ flex: '1 1 25%' }}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="price_unit_en" label={t('fields.priceUnitEn')} style={{ flex: '1 1 25%' }}>
            <Input maxLength={50} />
          </Form.Item>
        </Flex>
        <Divider titlePlacement="start">{t('fields.targetDays')}</Divider>
        {steps.length === 0 ? (
          <Typography.Text type="secondary">{t('fields.noSteps')}</Typography.Text>
        ) : (
          <Flex gap={8} wrap>
            {steps.map((step) => (
              <Form.Item
                key={step}
                name={['target_days', step]}
                label={label('serviceStep', step)}
                style={{ width: 150 }}
              >
                <InputNumber<number> min={0} max={TARGET_DAYS_MAX} precision={0} suffix={t('fields.days')} />
              </Form.Item>
            ))}
          </Flex>
        )}
        <Divider titlePlacement="start">{t('fields.pricing')}</Divider>
        <PricingRowsField />
        <Divider titlePlacement="start">{t('fields.formFields')}</Divider>
        <FormFieldsField />
      </Form>
      {service && (
        <>
          <Divider titlePlacement="start">{t('history.title')}</Divider>
          <ServiceHistory serviceId={service.id} />
        </>
      )}
    </Drawer>
  );
}
