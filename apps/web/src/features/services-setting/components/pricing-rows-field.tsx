import { Button, Card, Flex, Form, Input, InputNumber } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRICE_MAX, PRICING_MAX_ROWS } from '@agrihub/contract/schemas/services';

const EMPTY_ROW = { item_vi: '', item_en: '', unit_vi: '', unit_en: '', price: null, note: null };

/** The pricing table as rows of inputs (Vietnamese and English item and unit, price in VND, note). */
export function PricingRowsField() {
  const { t } = useTranslation('services-setting');
  return (
    <Form.List name="pricing">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field) => (
            <Card size="small" key={field.key} data-testid={`pricing-row-${field.name}`}>
              <Flex gap={8} wrap>
                <Form.Item name={[field.name, 'item_vi']} label={t('pricing.item_vi')} style={{ flex: '1 1 45%' }}>
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name={[field.name, 'item_en']} label={t('pricing.item_en')} style={{ flex: '1 1 45%' }}>
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name={[field.name, 'unit_vi']} label={t('pricing.unit_vi')} style={{ flex: '1 1 20%' }}>
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name={[field.name, 'unit_en']} label={t('pricing.unit_en')} style={{ flex: '1 1 20%' }}>
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name={[field.name, 'price']} label={t('pricing.price')} style={{ flex: '1 1 30%' }}>
                  <InputNumber<number>
                    min={0}
                    max={PRICE_MAX}
                    precision={0}
                    style={{ width: '100%' }}
                    placeholder={t('pricing.onRequest')}
                    formatter={(v) => (v === undefined || v === null || v === ('' as unknown) ? '' : Number(v).toLocaleString('vi-VN'))}
                    parser={(v) => Number((v ?? '').replace(/\D/g, ''))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'note']} label={t('pricing.note')} style={{ flex: '1 1 100%' }}>
                  <Input maxLength={500} />
                </Form.Item>
              </Flex>
              <Button danger type="link" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                {t('pricing.remove')}
              </Button>
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= PRICING_MAX_ROWS}
            onClick={() => add({ ...EMPTY_ROW })}
            data-testid="pricing-add-row"
          >
            {t('pricing.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
