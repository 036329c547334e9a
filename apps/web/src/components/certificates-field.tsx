import { Button, Card, Col, DatePicker, Empty, Form, Input, Popconfirm, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_MAX_CERTIFICATES } from '@agrihub/contract/schemas/products';
import type { Namespace } from '../lib/i18n';
import { CertificateFile } from './certificate-file';

interface Props {
  /**
   * The feature's namespace for the words it chooses itself: `certificates.{empty, namePlaceholder,
   * number, file, removeConfirm}`, `actions.{remove, cancel}` and the upload problems. The rest
   * comes from `common`.
   */
  ns: Namespace;
  /** Put before every test id: '' → `certificate-name-0`, 'batch-' → `batch-certificate-name-0`. */
  testIdPrefix?: string;
  disabled?: boolean;
}

/**
 * The `certificates` list of a form: name, issuer, number, valid until, file. Removing one asks
 * for confirmation.
 */
export function CertificatesField({ ns, testIdPrefix = '', disabled }: Props) {
  const { t } = useTranslation('common');
  const own = (key: string) => t(key, { ns });
  const id = (name: string) => `${testIdPrefix}${name}`;
  return (
    <Form.List name="certificates">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={own('certificates.empty')} />
          )}
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              style={{ marginBottom: 12 }}
              title={t('certificates.n', { n: i + 1 })}
              data-testid={id('certificate')}
              extra={
                !disabled && (
                  <Popconfirm
                    title={own('certificates.removeConfirm')}
                    okText={own('actions.remove')}
                    cancelText={own('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(field.name)}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                      {own('actions.remove')}
                    </Button>
                  </Popconfirm>
                )
              }
            >
              <Row gutter={16}>
                <Col span={12}>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('certificates.name')}
                    rules={[{ required: true, whitespace: true, message: t('validation:pleaseInputCertificateName') }]}
                  >
                    <Input
                      maxLength={200}
                      disabled={disabled}
                      placeholder={own('certificates.namePlaceholder')}
                      data-testid={id(`certificate-name-${i}`)}
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name={[field.name, 'issuer']} label={t('certificates.issuer')}>
                    <Input maxLength={200} disabled={disabled} data-testid={id(`certificate-issuer-${i}`)} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, 'number']} label={own('certificates.number')}>
                    <Input maxLength={100} disabled={disabled} data-testid={id(`certificate-number-${i}`)} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, 'valid_until']} label={t('certificates.validUntil')}>
                    <DatePicker
                      format="DD/MM/YYYY"
                      style={{ width: '100%' }}
                      disabled={disabled}
                      data-testid={id(`certificate-valid-until-${i}`)}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, 'file']} label={own('certificates.file')}>
                    <CertificateFile ns={ns} disabled={disabled} testId={id(`certificate-file-${i}`)} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          {!disabled && fields.length < PRODUCT_MAX_CERTIFICATES && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', issuer: '', number: '', valid_until: null, file: null })}
              data-testid={`add-${id('certificate')}`}
            >
              {t('certificates.add')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
