import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminUserCreate, adminUserUpdate, type AdminUser } from '@agrihub/contract/schemas/admin-users';
import { accountChangeRefusal, userCreateRefusal, type UserAdminActor } from '@agrihub/contract/user-admin';
import { useLeaveGuard } from '../../../components/leave-guard';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { contractRule, formIssues, showFieldErrors, type FieldErrors } from '../../../lib/form-rules';
import {
  useCreateAdminUserMutation,
  useProducerChoicesQuery,
  useUpdateAdminUserMutation,
} from '../api/admin-users-api';
import {
  USER_FORM_FIELDS,
  createRequest,
  formField,
  initialValues,
  updateRequest,
  type UserFormValues,
} from '../lib/user-form';
import { AbilityGrid, RoleCheckboxes } from './access-fields';

interface Props {
  /** The account edited; absent on /admin/add-user. */
  user?: AdminUser;
  /** Who edits (the signed-in account). */
  actor: UserAdminActor;
}

/** The server's field errors (422 and the rules' 403/409) under the form's fields. */
function serverErrors(errors: readonly { field: string; message: string }[]): FieldErrors {
  const byField = new Map<string, string[]>();
  for (const e of errors) {
    const field = formField(e.field);
    if (!USER_FORM_FIELDS.includes(field)) continue;
    byField.set(field, [...(byField.get(field) ?? []), e.message]);
  }
  return [...byField].map(([field, list]) => ({ name: [field], errors: list }));
}

/**
 * The account form: name, e-mail, phone, kind (staff, or a producer's user with its producer),
 * roles and the ability grid (staff), a first password (new accounts). Contract rules on the
 * fields; the server's refusals under them; leaving with unsaved changes asks first.
 */
export function UserEditor({ user, actor }: Props) {
  const { t } = useTranslation(['admin', 'validation', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const ability = useAppAbility();
  const [form] = Form.useForm<UserFormValues>();
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateAdminUserMutation();
  const [update, updated] = useUpdateAdminUserMutation();
  const saving = created.isLoading || updated.isLoading;
  const guard = useLeaveGuard(dirty);
  const kind = Form.useWatch('kind', form) ?? user?.kind ?? 'staff';
  const isNew = !user;
  const target = { id: user?.id ?? 0, roles: user?.roles ?? [] };
  const locked = user ? accountChangeRefusal(actor, user) : null;
  // A producer's user only by role admin (ADR 032): the choice is shown off, with the reason.
  const producerKindRefusal = isNew ? userCreateRefusal(actor, { kind: 'producer', roles: [], abilities: [] }) : null;
  const readOnly = !ability.can(isNew ? 'create' : 'update', 'user') || !!locked;

  const schema = isNew ? adminUserCreate : adminUserUpdate;
  const request = (v: UserFormValues) => (user ? updateRequest(v, user) : createRequest(v));
  const rule = (field: string) => contractRule(schema, field, t, (v) => request(v as unknown as UserFormValues));

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as UserFormValues;
    const body = request(values);
    const issues = formIssues(schema, body, t);
    if (issues.length) {
      showFieldErrors(
        form,
        issues.map((i) => ({ ...i, name: [formField(String(i.name[0]))] })),
      );
      return;
    }
    setError(null);
    try {
      if (user) {
        const answer = await update({ id: user.id, body: body as never }).unwrap();
        // The page shows the saved account (a new form, keyed by its update time).
        setDirty(false);
        void message.success(answer.message ?? t('admin:user.saved'));
      } else {
        const answer = await create(body as never).unwrap();
        setDirty(false);
        guard.release();
        void message.success(answer.message ?? t('admin:user.saved'));
        void navigate(paths.adminUser.replace(':id', String(answer.user.id)));
      }
    } catch (e) {
      // The input stays; the reasons go under their fields, and above the form.
      const text = isApiError(e) ? e.message : t('common:errors.generic');
      setError(text);
      void message.error(text);
      if (isApiError(e)) showFieldErrors(form, serverErrors(e.errors));
    }
  };

  return (
    <Card title={t('admin:user.accountCard')} data-testid="user-editor">
      {guard.prompt}
      {locked && (
        <Alert
          type="info"
          showIcon
          title={t(`validation:${locked}`)}
          style={{ marginBottom: 16 }}
          data-testid="user-locked"
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="user-error" />}
      <Form<UserFormValues>
        name="user"
        noValidate
        form={form}
        layout="vertical"
        initialValues={initialValues(user)}
        onValuesChange={() => setDirty(true)}
        onFinish={() => void onFinish()}
        disabled={saving || readOnly}
        data-testid="user-form"
      >
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item name="name" label={t('admin:user.fields.name')} required rules={[rule('name')]}>
              <Input autoComplete="off" maxLength={120} data-testid="user-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="email"
              label={t('admin:user.fields.email')}
              required={isNew}
              rules={isNew ? [rule('email')] : []}
              extra={isNew ? undefined : t('admin:user.emailFixed')}
            >
              <Input inputMode="email" autoComplete="off" disabled={!isNew} data-testid="user-email" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label={t('admin:user.fields.phone')} rules={[rule('phone')]}>
              <Input autoComplete="off" data-testid="user-phone" />
            </Form.Item>
          </Col>
          {isNew && (
            <Col span={12}>
              <Form.Item
                name="password"
                label={t('admin:user.fields.password')}
                rules={[rule('password')]}
                extra={t('admin:user.passwordHint')}
              >
                <Input.Password autoComplete="new-password" data-testid="user-password" />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="kind" label={t('admin:user.fields.kind')} required={isNew}>
              <Radio.Group disabled={!isNew} data-testid="user-kind">
                <Radio value="staff" data-testid="user-kind-staff">
                  {t('admin:user.kinds.staff')}
                </Radio>
                <Tooltip title={producerKindRefusal ? t(`validation:${producerKindRefusal.code}`) : undefined}>
                  <Radio value="producer" disabled={!!producerKindRefusal} data-testid="user-kind-producer">
                    {t('admin:user.kinds.producer')}
                  </Radio>
                </Tooltip>
              </Radio.Group>
            </Form.Item>
          </Col>
        </Row>
        {kind === 'producer' ? (
          <Form.Item
            name="producer_id"
            label={t('admin:user.fields.producer')}
            required={isNew}
            rules={isNew ? [rule('producer_id')] : []}
          >
            {isNew ? (
              <ProducerPicker />
            ) : (
              <Typography.Text data-testid="user-producer">{user?.producer?.name ?? '—'}</Typography.Text>
            )}
          </Form.Item>
        ) : (
          <>
            {/* The contract's "at least one role", in red under the roles like the other fields' errors. */}
            <Form.Item name="roles" label={t('admin:user.fields.roles')} required rules={[rule('roles')]}>
              <RoleCheckboxes actor={actor} target={target} />
            </Form.Item>
            <Form.Item name="abilities" label={t('admin:user.fields.abilities')} extra={t('admin:user.abilitiesHint')}>
              <AbilityGrid actor={actor} />
            </Form.Item>
          </>
        )}
        {!readOnly && (
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="user-submit">
              {isNew ? t('admin:user.create') : t('common:actions.save')}
            </Button>
            <Button
              htmlType="button"
              onClick={() => {
                form.resetFields();
                setDirty(false);
                setError(null);
              }}
            >
              {t('common:actions.reset')}
            </Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}

/** A producer of the platform, searched by name on the server (accent-free). */
function ProducerPicker({ value, onChange }: { value?: number; onChange?: (id: number | undefined) => void }) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useProducerChoicesQuery(q);
  return (
    <Select<number>
      value={value}
      onChange={(id) => onChange?.(id)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={list.isFetching}
      placeholder={t('user.producerPlaceholder')}
      notFoundContent={list.isError ? t('user.producersFailed') : t('user.noProducer')}
      options={(list.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      data-testid="user-producer-picker"
    />
  );
}
