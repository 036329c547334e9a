import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { MockRecallReport, RecallResult, RecallScope } from '@agrihub/contract/schemas/trace';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { fetchPrivateFile, saveBlob } from '../../../lib/private-file';
import { useAppSelector } from '../../../stores/hooks';
import { chainPrefix, useMockRecallQuery, useRecallChainMutation } from '../../../lib/chain-api';
import { isSuperAdmin } from '@agrihub/contract/permissions';
import { lotChainPath } from '../../../components/chain-view';

/** The start of the page: ?lot_id= or ?location_id=. */
function scopeOf(params: URLSearchParams): RecallScope | null {
  const lot = Number(params.get('lot_id'));
  const location = Number(params.get('location_id'));
  if (Number.isInteger(lot) && lot > 0) return { lot_id: lot };
  if (Number.isInteger(location) && location > 0) return { location_id: location };
  return null;
}

const qty = (n: number | null, locale: string) =>
  n === null ? '—' : new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: 3 }).format(n);

/**
 * /mock-recall?lot_id=… | ?location_id=…: every affected lot and holder, the time taken, the files,
 * and the recall. `admin` (/admin/mock-recall): the platform administrator's, through the admin
 * routes (the whole chain; the recall for the role admin only, as the API).
 */
export function MockRecallPage({ admin }: { admin?: boolean } = {}) {
  const { t } = useTranslation('chain');
  const [params] = useSearchParams();
  const scope = scopeOf(params);
  const query = useMockRecallQuery(
    { ...(scope ?? { lot_id: 0 }), ...(admin ? { admin } : {}) },
    { skip: !scope, refetchOnMountOrArgChange: true },
  );

  if (!scope || (isApiError(query.error) && query.error.status === 404))
    return <Result status="404" title={t('mockRecall.notFound')} data-testid="mock-recall-not-found" />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  // A refetch (after a recall) keeps the report and its outcome on screen: the loader is for the first read only.
  if (!query.data) return <PageLoader />;
  return <Report report={query.data} scope={scope} admin={admin} onRefresh={() => void query.refetch()} />;
}

/** The administrator's mock recall (/admin/mock-recall). */
export function AdminMockRecallPage() {
  return <MockRecallPage admin />;
}

function Report({
  report,
  scope,
  admin,
  onRefresh,
}: {
  report: MockRecallReport;
  scope: RecallScope;
  admin?: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('chain');
  const locale = currentLocale();
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const user = useAppSelector((s) => s.user.user);
  // On the platform's side only its role admin recalls (the API refuses other staff).
  const mayRecall = !admin || isSuperAdmin(user);
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<RecallResult | null>(null);

  const download = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      const file = await fetchPrivateFile(
        token,
        `/${chainPrefix(admin)}/mock-recalls/export`,
        `thu-hoi-thu.${format}`,
        {
          method: 'POST',
          body: { ...scope, format },
        },
      );
      saveBlob(file.blob, file.filename);
    } catch (error) {
      void message.error((error as Error).message || t('mockRecall.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="mock-recall-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('mockRecall.title', { start: report.start.label })}
        </Typography.Title>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'xlsx'}
            onClick={() => void download('xlsx')}
            data-testid="mock-recall-xlsx"
          >
            {t('mockRecall.xlsx')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'pdf'}
            onClick={() => void download('pdf')}
            data-testid="mock-recall-pdf"
          >
            {t('mockRecall.pdf')}
          </Button>
          {mayRecall && (
            <Button
              danger
              type="primary"
              icon={<StopOutlined />}
              onClick={() => setConfirming(true)}
              data-testid="recall-all"
            >
              {t('recall.button')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex gap={32} wrap>
        <Statistic title={t('mockRecall.lots')} value={report.lots.length} />
        <Statistic title={t('mockRecall.holders')} value={report.holders.length} />
        <Statistic
          title={t('mockRecall.elapsed')}
          value={report.elapsed_ms}
          suffix="ms"
          data-testid="mock-recall-elapsed"
        />
        <Statistic title={t('mockRecall.generated')} value={formatDateTime(report.generated_at, locale)} />
      </Flex>
      {report.hidden_count > 0 && (
        <Alert type="info" showIcon title={t('mockRecall.hidden', { count: report.hidden_count })} />
      )}
      {report.truncated && <Alert type="warning" showIcon title={t('truncated')} />}
      {result && <RecallOutcome result={result} />}
      <Card title={t('mockRecall.lotsTitle')}>
        <Table
          rowKey="lot_id"
          size="small"
          pagination={false}
          data-testid="mock-recall-lots"
          dataSource={report.lots}
          locale={{ emptyText: t('mockRecall.empty') }}
          columns={[
            { title: t('col.step'), dataIndex: 'depth', width: 60 },
            {
              title: t('col.lot'),
              dataIndex: 'lot_code',
              render: (code: string, l) => (l.own ? <Link to={lotChainPath(l.lot_id, admin)}>{code}</Link> : code),
            },
            { title: t('col.product'), dataIndex: 'product_name' },
            { title: t('col.holder'), dataIndex: 'producer_name' },
            { title: t('col.quantity'), align: 'right', render: (_, l) => qty(l.quantity, locale) },
            { title: t('col.held'), align: 'right', render: (_, l) => qty(l.quantity_held, locale) },
            { title: t('col.unit'), dataIndex: 'unit', width: 80 },
            {
              title: t('col.state'),
              dataIndex: 'state',
              render: (s: string) => <Tag color={s === 'recalled' ? 'red' : undefined}>{t(`state.${s}`)}</Tag>,
            },
          ]}
        />
      </Card>
      <Card title={t('mockRecall.holdersTitle')}>
        <Table
          rowKey={(h) => `${h.name}-${h.lot_code}-${h.shipped_on ?? ''}-${h.lot_id ?? 'out'}`}
          size="small"
          pagination={false}
          data-testid="mock-recall-holders"
          dataSource={report.holders}
          locale={{ emptyText: t('mockRecall.empty') }}
          columns={[
            {
              title: t('col.holder'),
              dataIndex: 'name',
              render: (name: string, h) => (
                <Space>
                  {name}
                  {h.lot_id === null && (
                    <Tag color={h.on_platform ? 'blue' : 'default'}>
                      {t(h.on_platform ? 'holder.inTransit' : 'holder.outside')}
                    </Tag>
                  )}
                </Space>
              ),
            },
            { title: t('col.lot'), dataIndex: 'lot_code' },
            { title: t('col.quantity'), align: 'right', render: (_, h) => qty(h.quantity, locale) },
            { title: t('col.unit'), dataIndex: 'unit' },
            { title: t('col.shippedOn'), dataIndex: 'shipped_on' },
          ]}
        />
      </Card>
      <RecallModal
        open={confirming}
        scope={scope}
        admin={admin}
        count={report.lots.length}
        onClose={() => setConfirming(false)}
        onDone={(r) => {
          setResult(r);
          setConfirming(false);
          onRefresh();
        }}
      />
    </Flex>
  );
}

function RecallOutcome({ result }: { result: RecallResult }) {
  const { t } = useTranslation('chain');
  return (
    <Alert
      type="success"
      showIcon
      data-testid="recall-result"
      title={t('recall.done', { count: result.recalled.length, notified: result.notified_producers })}
      description={
        <Flex vertical>
          {result.drafts.length > 0 && (
            <span>{t('recall.drafts', { lots: result.drafts.map((d) => d.lot_code).join(', ') })}</span>
          )}
          {result.others.length > 0 && (
            <span>
              {t('recall.others', { lots: result.others.map((o) => `${o.lot_code} (${o.producer_name})`).join(', ') })}
            </span>
          )}
          {result.hidden_count > 0 && <span>{t('recall.hidden', { count: result.hidden_count })}</span>}
        </Flex>
      }
    />
  );
}

/** The confirmed recall: one reason, then every affected lot the caller may recall moves to recalled. */
function RecallModal(props: {
  open: boolean;
  scope: RecallScope;
  admin?: boolean;
  count: number;
  onClose: () => void;
  onDone: (r: RecallResult) => void;
}) {
  const { t } = useTranslation('chain');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [recall, state] = useRecallChainMutation();
  return (
    <Modal
      open={props.open}
      title={t('recall.title')}
      okText={t('recall.submit')}
      cancelText={t('recall.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'recall-submit' }}
      confirmLoading={state.isLoading}
      onCancel={props.onClose}
      onOk={() =>
        void form.validateFields().then(
          async (v) => {
            try {
              props.onDone(
                await recall({
                  ...props.scope,
                  ...(props.admin ? { admin: true } : {}),
                  reason: v.reason.trim(),
                  confirm: true,
                }).unwrap(),
              );
              form.resetFields();
            } catch (error) {
              // The reason stays in the field for another try.
              void message.error(isApiError(error) ? error.message : t('recall.failed'));
            }
          },
          () => undefined,
        )
      }
      forceRender
    >
      <Alert
        type="error"
        showIcon
        title={t(props.admin ? 'recall.warningAdmin' : 'recall.warning', { count: props.count })}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical" name="chain-recall" noValidate>
        <Form.Item
          name="reason"
          label={t('recall.reason')}
          rules={[{ required: true, whitespace: true, message: t('recall.reasonRequired') }, { max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} data-testid="recall-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
