import { Button, Card, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SERVICE_FIELD_TYPES, SERVICE_FIELDS_MAX, SERVICE_FIELD_TEXT_MAX } from '@agrihub/contract/schemas/service-form';
import type { FormFieldValues } from '../lib/form-values';

const NEW_FIELD: FormFieldValues = {
  key: '',
  type: 'text',
  label_vi: '',
  label_en: '',
  help_vi: null,
  help_en: null,
  required: false,
  options: '',
  max_length: null,
  min: null,
  max: null,
  integer: false,
};

/**
 * The fields the service's request form asks for: add, remove, reorder; each with its key, type,
 * labels and help in both languages, required, and the settings of its type (a select's options
 * one a line `value | nhãn | label`, a text's length, a number's bounds). Checked by the contract
 * on save.
 */
export function FormFieldsField() {
  const { t } = useTranslation('services-setting');
  return (
    <Form.List name="form_fields">
      {(rows, { add, remove, move }) => (
        <Flex vertical gap={8} data-testid="service-form-fields">
          {rows.map((row, i) => (
            <Card key={row.key} size="small" data-testid={`service-form-field-${i}`}>
              <Flex gap={8} wrap align="flex-start">
                <Form.Item name={[row.name, 'key']} label={t('formFields.key')} style={{ flex: '1 1 140px' }}>
                  <Input maxLength={40} data-testid={`form-field-key-${i}`} />
                </Form.Item>
                <Form.Item name={[row.name, 'type']} label={t('formFields.type')} style={{ flex: '1 1 140px' }}>
                  <Select options={SERVICE_FIELD_TYPES.map((v) => ({ value: v, label: t(`formFields.types.${v}`) }))} />
                </Form.Item>
                <Form.Item name={[row.name, 'required']} label={t('formFields.required')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Flex gap={4} style={{ marginTop: 30 }}>
                  <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('formFields.up')} />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={t('formFields.down')}
                  />
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row.name)} aria-label={t('formFields.remove')} />
                </Flex>
              </Flex>
              <Flex gap={8} wrap>
                <Form.Item name={[row.name, 'label_vi']} label={t('formFields.labelVi')} style={{ flex: '1 1 200px' }}>
                  <Input maxLength={200} data-testid={`form-field-label-vi-${i}`} />
                </Form.Item>
                <Form.Item name={[row.name, 'label_en']} label={t('formFields.labelEn')} style={{ flex: '1 1 200px' }}>
                  <Input maxLength={200} data-testid={`form-field-label-en-${i}`} />
                </Form.Item>
              </Flex>
              <Flex gap={8} wrap>
                <Form.Item name={[row.name, 'help_vi']} label={t('formFields.helpVi')} style={{ flex: '1 1 200px' }}>
                  <Input maxLength={500} />
                </Form.Item>
                <Form.Item name={[row.name, 'help_en']} label={t('formFields.helpEn')} style={{ flex: '1 1 200px' }}>
                  <Input maxLength={500} />
                </Form.Item>
              </Flex>
              <Form.Item noStyle shouldUpdate>
                {({ getFieldValue }) => {
                  const type = getFieldValue(['form_fields', row.name, 'type']) as FormFieldValues['type'];
                  if (type === 'select')
                    return (
                      <Form.Item name={[row.name, 'options']} label={t('formFields.options')} extra={t('formFields.optionsHint')}>
                        <Input.TextArea rows={3} />
                      </Form.Item>
                    );
                  if (type === 'number')
                    return (
                      <Flex gap={8} wrap>
                        <Form.Item name={[row.name, 'min']} label={t('formFields.min')}>
                          <InputNumber<number> />
                        </Form.Item>
                        <Form.Item name={[row.name, 'max']} label={t('formFields.max')}>
                          <InputNumber<number> />
                        </Form.Item>
                        <Form.Item name={[row.name, 'integer']} label={t('formFields.integer')} valuePropName="checked">
                          <Switch />
                        </Form.Item>
                      </Flex>
                    );
                  if (type === 'date') return null;
                  return (
                    <Form.Item name={[row.name, 'max_length']} label={t('formFields.maxLength')}>
                      <InputNumber<number> min={1} max={SERVICE_FIELD_TEXT_MAX} precision={0} />
                    </Form.Item>
                  );
                }}
              </Form.Item>
            </Card>
          ))}
          {rows.length < SERVICE_FIELDS_MAX && (
            <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_FIELD })} data-testid="service-form-field-add">
              {t('formFields.add')}
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
