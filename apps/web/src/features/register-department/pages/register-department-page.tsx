import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Result, Row, Select, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

import { ATTACHMENT_MAX_BYTES } from '@agrihub/contract/constants';
import { PROVINCES } from '@agrihub/contract/geo';
import {
  BOOKING_MAX_MONTHS,
  BOOKING_MIN_MONTHS,
  DEPARTMENT_MAX_DOCUMENTS,
  registerDepartmentFields,
  type BookingRoom,
} from '@agrihub/contract/schemas/register-department';
import { isCalendarDate } from '@agrihub/contract/schemas/common';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import { CategorySelect } from '../../../components/category-select';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import { useEnumOptions } from '../../../lib/enums';
import { contractRule, formIssues, serverFieldErrors, showFieldErrors, type Translate } from '../../../lib/form-rules';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { UPLOAD_ACCEPT, uploadProblem } from '../../../lib/upload-checks';
import { useAppSelector } from '../../../stores/hooks';
import {
  useListBookingRoomsQuery,
  useRegisterDepartmentMutation,
  type BookingPeriod,
  type DepartmentRegistered,
} from '../api/register-department-api';
import { LinkButton } from '../../../components/link-button';

interface Values {
  business_name?: string;
  producer_type?: string;
  tax_code?: string;
  representative?: string;
  phone?: string;
  email?: string;
  province_code?: string;
  address?: string;
  category_id?: number;
  room_id?: number;
  months?: number;
  start_date?: string;
  note?: string;
  documents?: UploadFile[];
}

/** The form's values as the API's text fields (files aside; blanks left out). */
function toFields(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'documents') continue;
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    if (text.trim() !== '') out[key] = text;
  }
  return out;
}

const roomLabel = (room: BookingRoom, t: Translate, locale: string) => {
  const label = `${locale === 'en' ? room.name_en : room.name} · ${room.size_m2} m² · ${t(
    'register-department:room.perMonth',
    {
      price: formatMoney(room.price_per_month),
    },
  )}`;
  if (room.free !== false || !room.booked_until) return label;
  const date = formatDate(room.booked_until, locale === 'en' ? 'en' : 'vi');
  return `${label} — ${t('register-department:room.bookedUntil', { date })}`;
};

/** The period the form asks about, once both fields hold a valid value. */
function periodOf(start: unknown, months: unknown): BookingPeriod | null {
  if (typeof start !== 'string' || !isCalendarDate(start) || start < todayInVietnam()) return null;
  const m = Number(months);
  if (!Number.isInteger(m) || m < BOOKING_MIN_MONTHS || m > BOOKING_MAX_MONTHS) return null;
  return { start_date: start, months: m };
}

/**
 * /register-department (Foodmap, public): a business registers a department — its details, the
 * documents, a showroom/booth room and the booking period. A visitor without an account gets one
 * (pending approval) and a mail to choose its password.
 */
export function RegisterDepartmentPage() {
  const { t, i18n } = useTranslation(['register-department', 'account', 'common', 'validation']);
  const producerTypes = useEnumOptions('producerType');
  const [form] = Form.useForm<Values>();
  const startDate = Form.useWatch('start_date', form);
  const months = Form.useWatch('months', form);
  // After choosing the start and the months, rooms taken then are disabled in the select.
  const rooms = useListBookingRoomsQuery(periodOf(startDate, months));
  const categories = useCategoriesQuery();
  const [register, { isLoading: saving }] = useRegisterDepartmentMutation();
  const [done, setDone] = useState<DepartmentRegistered | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A signed-in producer registers with its own account: the e-mail links the request to it.
  const user = useAppSelector((s) => s.user.user);
  const roomId = Form.useWatch('room_id', form);
  const rule = (field: string) => contractRule(registerDepartmentFields, field, t, toFields);
  const room = rooms.data?.find((r) => r.id === roomId);

  const onFinish = async (values: Values) => {
    setFailure(null);
    const fields = { ...toFields(values as Record<string, unknown>), locale: currentLocale() };
    const issues = formIssues(registerDepartmentFields, fields, t);
    if (issues.length) return showFieldErrors(form, issues);
    const documents = (values.documents ?? [])
      .map((f) => f.originFileObj)
      .filter((f): f is NonNullable<typeof f> => !!f);
    try {
      setDone(await register({ fields, documents }).unwrap());
    } catch (e) {
      if (!isApiError(e)) return setFailure(t('common:errors.generic'));
      // A document's error (documents.1) is shown under the upload field.
      const errors = (e.errors ?? []).map((x) => (x.field.startsWith('documents.') ? { ...x, field: 'documents' } : x));
      setFailure(e.message);
      showFieldErrors(form, serverFieldErrors(errors));
      // Booked meanwhile (409 roomBooked): the select learns which rooms are taken now; the form keeps its input.
      if (e.status === 409) void rooms.refetch();
    }
  };

  if (!platform.features.registerDepartment) {
    return <Result status="404" title={t('register-department:notOffered')} />;
  }

  if (done) {
    const b = done.booking;
    return (
      <Card className="register-department" data-testid="register-department-done">
        <Result
          status="success"
          title={t('register-department:done.title')}
          subTitle={done.message}
          extra={
            <LinkButton to={paths.login} type="primary">
              {t('register-department:done.login')}
            </LinkButton>
          }
        />
        <Descriptions bordered column={1} size="small" title={t('register-department:done.booking')}>
          <Descriptions.Item label={t('register-department:room.label')}>{b.room_name}</Descriptions.Item>
          <Descriptions.Item label={t('register-department:room.location')}>{b.location}</Descriptions.Item>
          <Descriptions.Item label={t('register-department:fields.period')}>
            {t('register-department:done.period', { months: b.months, start: b.start_date, end: b.end_date })}
          </Descriptions.Item>
          <Descriptions.Item label={t('register-department:room.total')}>{formatMoney(b.total)}</Descriptions.Item>
        </Descriptions>
      </Card>
    );
  }

  return (
    <Card className="register-department" title={t('register-department:title')} data-testid="register-department">
      <p>{t('register-department:intro')}</p>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="register-department-error"
        />
      )}
      <Form<Values>
        name="register-department"
        noValidate
        form={form}
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
        disabled={saving}
        initialValues={{
          producer_type: 'enterprise',
          months: 6,
          start_date: todayInVietnam(),
          email: user?.email,
          representative: user?.name,
        }}
      >
        <h3>{t('register-department:sections.business')}</h3>
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="business_name"
              label={t('register-department:fields.business_name')}
              required
              rules={[rule('business_name')]}
            >
              <Input data-testid="dept-business-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="producer_type" label={t('account:fields.producer_type')} rules={[rule('producer_type')]}>
              <Select options={producerTypes} data-testid="dept-producer-type" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="tax_code"
              label={t('register-department:fields.tax_code')}
              required
              rules={[rule('tax_code')]}
            >
              <Input inputMode="numeric" maxLength={13} data-testid="dept-tax-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="representative"
              label={t('register-department:fields.representative')}
              required
              rules={[rule('representative')]}
            >
              <Input autoComplete="name" data-testid="dept-representative" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="category_id"
              label={t('register-department:fields.category')}
              required
              rules={[rule('category_id')]}
            >
              <CategorySelect
                categories={categories.data ?? []}
                loading={categories.isLoading}
                onlyLeaves={false}
                testId="dept-category"
              />
            </Form.Item>
          </Col>
        </Row>

        <h3>{t('register-department:sections.contact')}</h3>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="phone" label={t('register-department:fields.phone')} required rules={[rule('phone')]}>
              <Input type="tel" autoComplete="tel" data-testid="dept-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="email"
              label={t('register-department:fields.email')}
              extra={t('register-department:fields.emailHint')}
              required
              rules={[rule('email')]}
            >
              <Input inputMode="email" autoComplete="email" data-testid="dept-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="province_code"
              label={t('register-department:fields.province')}
              required
              rules={[rule('province_code')]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={PROVINCES.map((p) => ({ value: p.code, label: p.name }))}
                data-testid="dept-province"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('register-department:fields.address')} rules={[rule('address')]}>
              <Input autoComplete="street-address" data-testid="dept-address" />
            </Form.Item>
          </Col>
        </Row>

        <h3>{t('register-department:sections.booking')}</h3>
        {rooms.error ? (
          <QueryError error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="room_id"
                label={t('register-department:room.label')}
                extra={periodOf(startDate, months) ? undefined : t('register-department:room.chooseDates')}
                required
                rules={[rule('room_id')]}
              >
                <Select
                  loading={rooms.isLoading}
                  options={(rooms.data ?? []).map((r) => ({
                    value: r.id,
                    label: roomLabel(r, t, i18n.language),
                    disabled: r.free === false,
                  }))}
                  notFoundContent={t('register-department:room.none')}
                  data-testid="dept-room"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="months" label={t('register-department:fields.months')} required rules={[rule('months')]}>
                <InputNumber
                  min={BOOKING_MIN_MONTHS}
                  max={BOOKING_MAX_MONTHS}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="dept-months"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="start_date"
                label={t('register-department:fields.start_date')}
                required
                rules={[rule('start_date')]}
              >
                <Input type="date" min={todayInVietnam()} data-testid="dept-start-date" />
              </Form.Item>
            </Col>
          </Row>
        )}
        {room && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            style={{ marginBottom: 16 }}
            data-testid="dept-room-details"
          >
            <Descriptions.Item label={t('register-department:room.location')}>{room.location}</Descriptions.Item>
            <Descriptions.Item label={t('register-department:room.size')}>{room.size_m2} m²</Descriptions.Item>
            <Descriptions.Item label={t('register-department:room.total')}>
              {formatMoney(room.price_per_month * (Number(months) || 0))}
            </Descriptions.Item>
          </Descriptions>
        )}

        <h3>{t('register-department:sections.documents')}</h3>
        <Form.Item
          name="documents"
          label={t('register-department:fields.documents')}
          extra={t('register-department:fields.documentsHint', {
            max: DEPARTMENT_MAX_DOCUMENTS,
            size: ATTACHMENT_MAX_BYTES / (1024 * 1024),
          })}
          required
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
          rules={[
            {
              validator: async (_r, files?: UploadFile[]) => {
                if (!files?.length) throw new Error(t('validation:pleaseAttachDocuments'));
                if (files.length > DEPARTMENT_MAX_DOCUMENTS)
                  throw new Error(t('validation:tooManyDocuments', { max: DEPARTMENT_MAX_DOCUMENTS }));
                const bad = files.find((f) => f.originFileObj && uploadProblem('attachment', f.originFileObj));
                if (bad) throw new Error(t('register-department:fields.documentRefused', { name: bad.name }));
              },
            },
          ]}
        >
          <Upload
            multiple
            accept={UPLOAD_ACCEPT.attachment}
            beforeUpload={() => false}
            maxCount={DEPARTMENT_MAX_DOCUMENTS}
            data-testid="dept-documents"
          >
            <Button icon={<UploadOutlined />}>{t('register-department:fields.chooseFiles')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="note" label={t('register-department:fields.note')} rules={[rule('note')]}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="dept-note" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={saving} data-testid="dept-submit">
          {t('register-department:submit')}
        </Button>
      </Form>
    </Card>
  );
}
