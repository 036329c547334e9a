import { Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, PROVINCES } from '@agrihub/contract/geo';

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase();
const filter = (input: string, option?: { label?: string }) =>
  normalise(option?.label ?? '').includes(normalise(input));

/** Origin: province (the 34 units since 2025) and country. */
export function OriginSection({ disabled }: { disabled?: boolean }) {
  const { t, i18n } = useTranslation('products');
  const en = i18n.language === 'en';
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="origin_country" label={t('fields.origin_country')}>
          <Select
            allowClear
            showSearch={{ filterOption: filter }}
            disabled={disabled}
            placeholder={t('placeholders.country')}
            options={COUNTRIES.map((c) => ({ value: c.code, label: en ? c.en : c.vi }))}
            data-testid="product-origin-country"
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="origin_province_code" label={t('fields.origin_province_code')} extra={t('help.province')}>
          <Select
            allowClear
            showSearch={{ filterOption: filter }}
            disabled={disabled}
            placeholder={t('placeholders.province')}
            options={PROVINCES.map((p) => ({ value: p.code, label: p.name }))}
            data-testid="product-origin-province"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
