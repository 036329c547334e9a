import { Button, Card, Col, DatePicker, Empty, Form, Input, Popconfirm, Row } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRODUCT_MAX_CERTIFICATES } from '@agrihub/contract/schemas/products';
import { CertificateFile } from './certificate-file';

/** Certificates: name, issuer, number, valid until, file. Removing one asks for confirmation. */
export function CertificatesField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('products');
  return (
    <Form.List name="certificates">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('certificates.empty')} />}
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              style={{ marginBottom: 12 }}
              title={t('certificates.n', { n: i + 1 })}
              data-testid="certificate"
              extra={
                !disabled && (
                  <Popconfirm
                    title={t('certificates.removeConfirm')}
                    okText={t('actions.remove')}
                    cancelText={t('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(field.name)}
                  >
                    <Button size="small" type="text" danger icon={<DeleteOutlined />}>
                      {t('actions.remove')}
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
                      placeholder={t('certificates.namePlaceholder')}
                      data-testid={`certificate-name-${i}`}
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name={[field.name, 'issuer']} label={t('certificates.issuer')}>
                    <Input maxLength={200} disabled={disabled} data-testid={`certificate-issuer-${i}`} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, 'number']} label={t('certificates.number')}>
                    <Input maxLength={100} disabled={disabled} data-testid={`certificate-number-${i}`} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, 'valid_until']} label={t('certificates.validUntil')}>
                    <DatePicker
                      format="DD/MM/YYYY"
                      style={{ width: '100%' }}
                      disabled={disabled}
                      data-testid={`certificate-valid-until-${i}`}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={[field.name, 'file']} label={t('certificates.file')}>
                    <CertificateFile disabled={disabled} testId={`certificate-file-${i}`} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          {!disabled && fields.length < PRODUCT_MAX_CERTIFICATES && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', issuer: '', number: '', valid_until: null, file: null })}
              data-testid="add-certificate"
            >
              {t('certificates.add')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
