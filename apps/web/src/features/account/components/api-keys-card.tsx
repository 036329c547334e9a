import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CopyOutlined, KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  API_KEY_NAME_MAX,
  apiKeyInput,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyInput,
} from '@agrihub/contract/schemas/api-keys';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { contractRule, submitForm } from '../../../lib/form-rules';
import { useFormName } from '../../../lib/form-name';
import { formatDate, formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import {
  useCreateApiKeyMutation,
  useListApiKeysQuery,
  useRevokeApiKeyMutation,
  type CreatedApiKey,
} from '../api/api-keys-api';

const PER_PAGE = 10;
const STATUS_COLOR: Record<ApiKey['status'], string> = { active: 'green', expired: 'orange', revoked: 'default' };

type Values = { name: string; access: ApiKeyAccess; expires_on?: Dayjs | null };
const toRequest = (v: Values): ApiKeyInput => ({
  name: v.name,
  access: v.access,
  expires_on: v.expires_on ? v.expires_on.format('YYYY-MM-DD') : null,
});

/**
 * The account page's API keys (ADR 039): the producer's keys for its partners' systems (EPCIS
 * REST), created with a name, an access (read, or read and capture) and an optional last day; the
 * key is shown once, in the creation dialog, with a copy button; a key is revoked after a confirmation.
 */
export function ApiKeysCard() {
  const { t } = useTranslation(['account', 'common']);
  const { message } = App.useApp();
  const locale = currentLocale();
  const [page, setPage] = useState(1);
  const list = useListApiKeysQuery({ page, per_page: PER_PAGE });
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const [open, setOpen] = useState(false);

  const onRevoke = async (k: ApiKey) => {
    try {
      await revoke(k.id).unwrap();
      void message.success(t('account:apiKeys.revoked', { name: k.name }));
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t('account:apiKeys.revokeFailed'));
    }
  };

  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="api-key-create">
      {t('account:apiKeys.create')}
    </Button>
  );

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <KeyOutlined />
          {t('account:apiKeys.title')}
        </Flex>
      }
      extra={list.data?.api_keys.length ? create : null}
      data-testid="api-keys-card"
    >
      <Typography.Paragraph type="secondary">{t('account:apiKeys.intro')}</Typography.Paragraph>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<ApiKey>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.api_keys ?? []}
          locale={{
            emptyText: list.isLoading ? (
              ' '
            ) : (
              <Empty description={t('account:apiKeys.empty')} data-testid="api-keys-empty">
                {create}
              </Empty>
            ),
          }}
          scroll={{ x: 760 }}
          pagination={
            (list.data?.meta.total_count ?? 0) > PER_PAGE && {
              current: page,
              pageSize: PER_PAGE,
              total: list.data?.meta.total_count ?? 0,
              onChange: setPage,
              showSizeChanger: false,
            }
          }
          columns={[
            {
              title: t('account:apiKeys.fields.name'),
              dataIndex: 'name',
              render: (v: string, k) => (
                <Flex vertical>
                  <Typography.Text strong>{v}</Typography.Text>
                  <Typography.Text code style={{ fontSize: 12 }}>
                    {k.prefix}_…
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('account:apiKeys.fields.scopes'),
              dataIndex: 'scopes',
              render: (scopes: ApiKey['scopes']) =>
                scopes.map((s) => (
                  <Tag key={s} color={s === 'capture' ? 'blue' : 'default'}>
                    {t(`account:apiKeys.scope.${s}`)}
                  </Tag>
                )),
            },
            {
              title: t('account:apiKeys.fields.created'),
              dataIndex: 'created_at',
              render: (v: string, k) => (
                <Flex vertical>
                  <span>{formatDateTime(v, locale)}</span>
                  {k.created_by && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {k.created_by.name}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: t('account:apiKeys.fields.lastUsed'),
              dataIndex: 'last_used_at',
              render: (v: string | null) => (v ? formatDateTime(v, locale) : t('account:apiKeys.neverUsed')),
            },
            {
              title: t('account:apiKeys.fields.expires'),
              dataIndex: 'expires_on',
              render: (v: string | null) => (v ? formatDate(v, locale) : t('account:apiKeys.noExpiry')),
            },
            {
              title: t('account:apiKeys.fields.status'),
              dataIndex: 'status',
              render: (s: ApiKey['status'], k) => (
                <Tag color={STATUS_COLOR[s]} data-testid={`api-key-status-${k.id}`}>
                  {t(`account:apiKeys.status.${s}`)}
                  {s === 'revoked' && k.revoked_at ? ` · ${formatDate(k.revoked_at, locale)}` : ''}
                </Tag>
              ),
            },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, k) =>
                k.status === 'revoked' ? null : (
                  <Popconfirm
                    title={t('account:apiKeys.revokeConfirmTitle', { name: k.name })}
                    description={t('account:apiKeys.revokeConfirmBody')}
                    okText={t('account:apiKeys.revoke')}
                    cancelText={t('common:actions.cancel')}
                    okButtonProps={{
                      danger: true,
                      loading: revoking.isLoading,
                      'data-testid': 'api-key-revoke-confirm',
                    }}
                    onConfirm={() => onRevoke(k)}
                  >
                    <Button size="small" danger icon={<StopOutlined />} data-testid={`api-key-revoke-${k.id}`}>
                      {t('account:apiKeys.revoke')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
      <CreateApiKeyModal open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

/** Creates a key, then shows it once with a copy button; closing forgets it. */
function CreateApiKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const { message } = App.useApp();
  const formName = useFormName('api-key');
  const [form] = Form.useForm<Values>();
  const [createKey, creating] = useCreateApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rule = (field: string) => contractRule(apiKeyInput, field, t, (v) => toRequest(v as unknown as Values));

  const close = () => {
    setCreated(null);
    setFailure(null);
    form.resetFields();
    onClose();
  };
  const submit = () =>
    submitForm(
      form,
      async (v) => setCreated(await createKey(toRequest(v)).unwrap()),
      ['name', 'access', 'expires_on'],
      {
        message,
        done: t('account:apiKeys.created'),
        failed: t('account:apiKeys.createFailed'),
        setFailure,
        onDone: () => undefined,
      },
    );
  const copy = (secret: string) =>
    navigator.clipboard
      .writeText(secret)
      .then(() => void message.success(t('account:apiKeys.copied')))
      .catch(() => void message.error(t('account:apiKeys.copyFailed')));

  return (
    <Modal
      open={open}
      title={created ? t('account:apiKeys.createdTitle') : t('account:apiKeys.createTitle')}
      onCancel={close}
      maskClosable={!created}
      destroyOnHidden
      forceRender
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="api-key-done">
            {t('account:apiKeys.done')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button
              type="primary"
              loading={creating.isLoading}
              onClick={() => void submit()}
              data-testid="api-key-save"
            >
              {t('account:apiKeys.createButton')}
            </Button>
          </Flex>
        )
      }
      data-testid="api-key-modal"
    >
      {created ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('account:apiKeys.onceWarning')} data-testid="api-key-once" />
          <Input.TextArea
            readOnly
            value={created.secret}
            autoSize
            aria-label={t('account:apiKeys.secretLabel')}
            style={{ fontFamily: 'monospace' }}
            data-testid="api-key-secret"
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy(created.secret)} data-testid="api-key-copy">
            {t('account:apiKeys.copy')}
          </Button>
          <Typography.Text type="secondary">{t('account:apiKeys.usage')}</Typography.Text>
          <Typography.Text code style={{ fontSize: 12 }}>
            Authorization: Bearer {created.api_key.prefix}_…
          </Typography.Text>
        </Flex>
      ) : (
        <>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
          <Form name={formName} noValidate form={form} layout="vertical" initialValues={{ access: 'read' }}>
            <Form.Item
              name="name"
              label={t('account:apiKeys.fields.name')}
              required
              rules={[rule('name')]}
              extra={t('account:apiKeys.nameHint')}
            >
              <Input maxLength={API_KEY_NAME_MAX} data-testid="api-key-name" />
            </Form.Item>
            <Form.Item name="access" label={t('account:apiKeys.fields.scopes')} required>
              <Radio.Group
                options={[
                  { value: 'read', label: t('account:apiKeys.access.read') },
                  { value: 'read_capture', label: t('account:apiKeys.access.read_capture') },
                ]}
                data-testid="api-key-access"
              />
            </Form.Item>
            <Form.Item
              name="expires_on"
              label={t('account:apiKeys.fields.expires')}
              extra={t('account:apiKeys.expiryHint')}
            >
              <DatePicker
                format="DD/MM/YYYY"
                disabledDate={(d) => d.format('YYYY-MM-DD') < todayInVietnam()}
                style={{ width: '100%' }}
                data-testid="api-key-expiry"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
