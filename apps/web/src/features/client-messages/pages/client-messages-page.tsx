import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { LEAD_STATUSES } from '@agrihub/contract/constants';
import {
  CLIENT_MESSAGE_NOTE_MAX,
  type ClientMessage,
  type LeadStatus,
} from '@agrihub/contract/schemas/client-messages';
import { ActivityHistory } from '../../../components/activity-history';
import { paths } from '../../../config/paths';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { QueryError } from '../../../components/query-error';
import { allows } from '@agrihub/contract/permissions';
import { formatPhone, phoneHref } from '@agrihub/contract/phone';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel, useEnumOptions } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import { useAppSelector } from '../../../stores/hooks';
import {
  useGetClientMessageQuery,
  useListClientMessagesQuery,
  useMessageStaffQuery,
  useUpdateClientMessageMutation,
} from '../api/client-messages-api';
import { useMessageTable, type MessageFilters } from '../lib/list-params';

const CLEARED: Partial<MessageFilters> = {
  q: undefined,
  status: undefined,
  topic: undefined,
  created_from: undefined,
  created_to: undefined,
};

/** /admin/client-messages/:id (a new lead's notification links here): the list with that lead open. */
export function ClientMessageLink() {
  const { id } = useParams();
  const open = Number(id) > 0 ? `?open=${Number(id)}` : '';
  return <Navigate to={`${paths.adminClientMessages}${open}`} replace />;
}

/**
 * /admin/client-messages: the platform's leads (DESIGN §5.4), server-paged with filters (status,
 * topic, created between, accent-free search) and counts per status; a lead opens in a drawer with
 * the moves the reader may make (a reason when going back), the assignee, notes and history.
 */
export function ClientMessagesPage() {
  const { t } = useTranslation('client-messages');
  const label = useEnumLabel();
  const statusOptions = useEnumOptions('leadStatus');
  const topicOptions = useEnumOptions('clientMessageTopic');
  const locale = currentLocale();
  const table = useMessageTable();
  const { query: filters, update } = table;
  const list = useListClientMessagesQuery(filters);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('open')) || null;
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('open', String(id));
    else next.delete('open');
    setParams(next);
  };
  const range =
    filters.created_from || filters.created_to
      ? ([
          filters.created_from ? dayjs(filters.created_from) : null,
          filters.created_to ? dayjs(filters.created_to) : null,
        ] as [Dayjs | null, Dayjs | null])
      : null;
  const counts = list.data?.counts ?? {};
  const total = Object.values(counts).reduce<number>((s, n) => s + (n ?? 0), 0);

  // The 1200 px layout: the phone under the name; names and companies on two lines at most (whole in a
  // tooltip), the fixed columns at their widths.
  const columns: TableColumnsType<ClientMessage> = [
    {
      key: 'name',
      title: t('fields.name'),
      render: (_, r) => (
        <>
          <CellText text={r.name} rows={2} style={{ fontWeight: 600 }} data-testid="message-name" />
          <CellText text={formatPhone(r.phone)} secondary data-testid="message-phone" />
        </>
      ),
    },
    { key: 'company', title: t('fields.company'), render: (_, r) => <CellText text={r.company ?? ''} rows={2} /> },
    {
      key: 'topic',
      title: t('fields.topic'),
      width: 132,
      render: (_, r) => <CellText text={label('clientMessageTopic', r.topic)} rows={2} />,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 148,
      sorter: true,
      sortOrder: table.sortOrder('status'),
      render: (_, r) => <Tag data-testid="message-status">{label('leadStatus', r.status)}</Tag>,
    },
    {
      key: 'assignee',
      title: t('fields.assignee'),
      width: 128,
      render: (_, r) => <CellText text={r.assignee?.name ?? ''} rows={2} />,
    },
    {
      key: 'created_at',
      title: t('fields.createdAt'),
      width: 112,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (_, r) => formatDateTime(r.created_at, locale),
    },
  ];

  return (
    <>
      <ListPage
        testId="client-messages"
        title={t('title')}
        query={list}
        filters={
          <Flex vertical gap={12}>
            <FilterBar
              active={table.active}
              onReset={() => update(CLEARED)}
              resetLabel={t('filters.reset')}
              resetTestId="message-filters-reset"
              testId="message-filters"
            >
              <SearchFilter
                enterButton
                value={filters.q}
                onSearch={(q) => update({ q })}
                placeholder={t('filters.search')}
                width={280}
                testId="message-search"
              />
              <SelectFilter
                value={filters.topic}
                placeholder={t('filters.allTopics')}
                width={200}
                options={topicOptions}
                onChange={(topic) => update({ topic })}
                testId="message-topic-filter"
              />
              <DatePicker.RangePicker
                value={range}
                allowEmpty={[true, true]}
                placeholder={[t('filters.createdFrom'), t('filters.createdTo')]}
                format="DD/MM/YYYY"
                onChange={(v) =>
                  update({
                    created_from: v?.[0]?.format('YYYY-MM-DD') ?? undefined,
                    created_to: v?.[1]?.format('YYYY-MM-DD') ?? undefined,
                  })
                }
                data-testid="message-created-filter"
              />
            </FilterBar>
            <Flex gap={8} wrap data-testid="message-status-counts">
              <Tag.CheckableTag checked={!filters.status} onChange={() => update({ status: undefined })}>
                {t('filters.allStatuses')} ({total})
              </Tag.CheckableTag>
              {LEAD_STATUSES.map((s) => (
                <Tag.CheckableTag
                  key={s}
                  checked={filters.status === s}
                  onChange={() => update({ status: filters.status === s ? undefined : s })}
                  data-testid={`status-count-${s}`}
                >
                  {label('leadStatus', s)} ({counts[s] ?? 0})
                </Tag.CheckableTag>
              ))}
            </Flex>
            <SelectFilter
              value={filters.status}
              placeholder={t('filters.allStatuses')}
              width={200}
              options={statusOptions}
              onChange={(status) => update({ status })}
              testId="message-status-filter"
            />
          </Flex>
        }
      >
        <Table<ClientMessage>
          rowKey="id"
          dataSource={list.data?.messages ?? []}
          loading={list.isFetching}
          data-testid="messages-table"
          onRow={(r) =>
            ({
              'data-testid': 'message-row',
              'data-id': r.id,
              onClick: () => open(r.id),
              style: { cursor: 'pointer' },
            }) as object
          }
          locale={{
            emptyText: list.isLoading ? ' ' : <Empty description={table.active ? t('noMatch') : t('empty')} />,
          }}
          columns={columns}
          {...fittedTable(columns, { flexMin: 170 })}
          {...table.tableProps(list.data?.meta, (n) => t('total', { count: n }))}
        />
      </ListPage>
      <Drawer
        open={!!openId}
        onClose={() => open(null)}
        size="large"
        title={t('detail.title')}
        destroyOnHidden
        data-testid="message-drawer"
      >
        {openId && <MessageDetail id={openId} />}
      </Drawer>
    </>
  );
}

function MessageDetail({ id }: { id: number }) {
  const { t } = useTranslation(['client-messages', 'common']);
  const { message: toast } = App.useApp();
  const label = useEnumLabel();
  const locale = currentLocale();
  const me = useAppSelector((s) => s.user.user);
  const canUpdate = allows(me, 'update', 'message');
  const detail = useGetClientMessageQuery(id);
  const staff = useMessageStaffQuery(undefined, { skip: !allows(me, 'read', 'user') });
  const [save, { isLoading }] = useUpdateClientMessageMutation();
  const [back, setBack] = useState<LeadStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [historyPage, setHistoryPage] = useState(1);
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const [noteForm] = Form.useForm<{ body: string }>();

  if (detail.isError) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return null;
  const { message: m, notes, history } = detail.data;
  const order = (s: LeadStatus) => LEAD_STATUSES.indexOf(s);

  const run = async (body: Parameters<typeof save>[0]['body']) => {
    setFailure(null);
    try {
      await save({ id, body }).unwrap();
      toast.success(t('client-messages:saved'));
      return true;
    } catch (e) {
      setFailure(isApiError(e) ? e.message : t('common:errors.generic'));
      return false;
    }
  };

  const assigneeOptions = [
    ...(me ? [{ value: me.id, label: t('client-messages:detail.me', { name: me.name }) }] : []),
    ...(staff.data ?? [])
      .filter((u) => u.id !== me?.id)
      .map((u) => ({ value: u.id, label: u.name || u.email || `#${u.id}` })),
    ...(m.assignee && m.assignee.id !== me?.id && !staff.data?.some((u) => u.id === m.assignee?.id)
      ? [{ value: m.assignee.id, label: m.assignee.name }]
      : []),
  ];

  return (
    <Flex vertical gap={16} data-testid="message-detail" data-status={m.status}>
      {failure && <Alert type="error" showIcon title={failure} data-testid="message-error" />}
      <Descriptions bordered column={1} size="small">
        <Descriptions.Item label={t('client-messages:fields.name')}>{m.name}</Descriptions.Item>
        <Descriptions.Item label={t('client-messages:fields.phone')}>
          <a href={phoneHref(m.phone)}>{formatPhone(m.phone)}</a>
        </Descriptions.Item>
        {m.email && <Descriptions.Item label={t('client-messages:fields.email')}>{m.email}</Descriptions.Item>}
        {m.company && <Descriptions.Item label={t('client-messages:fields.company')}>{m.company}</Descriptions.Item>}
        <Descriptions.Item label={t('client-messages:fields.topic')}>
          {label('clientMessageTopic', m.topic)}
        </Descriptions.Item>
        {m.service_slug && (
          <Descriptions.Item label={t('client-messages:fields.service')}>
            {m.service_title ?? m.service_slug}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('client-messages:fields.message')}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.message}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('client-messages:fields.status')}>
          <Tag data-testid="detail-status">{label('leadStatus', m.status)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('client-messages:fields.createdAt')}>
          {formatDateTime(m.created_at, locale)}
        </Descriptions.Item>
      </Descriptions>

      {m.moves.length > 0 && (
        <Flex gap={8} wrap data-testid="message-moves">
          {m.moves.map((mv) => (
            <Button
              key={mv.to}
              type={order(mv.to) > order(m.status) && mv.to !== 'done' ? 'primary' : 'default'}
              danger={mv.reason}
              loading={isLoading}
              data-testid={`move-${mv.to}`}
              onClick={() => (mv.reason ? setBack(mv.to) : void run({ move: { to: mv.to } }))}
            >
              {mv.reason
                ? t('client-messages:detail.backTo', { status: label('leadStatus', mv.to) })
                : t('client-messages:detail.moveTo', { status: label('leadStatus', mv.to) })}
            </Button>
          ))}
        </Flex>
      )}

      <Flex gap={8} align="center">
        <Typography.Text>{t('client-messages:fields.assignee')}:</Typography.Text>
        <Select
          allowClear
          disabled={!canUpdate}
          style={{ minWidth: 240 }}
          value={m.assignee?.id}
          placeholder={t('client-messages:detail.unassigned')}
          aria-label={t('client-messages:fields.assignee')}
          options={assigneeOptions}
          onChange={(v?: number) => void run({ assign: { assignee_id: v ?? null } })}
          data-testid="message-assignee"
        />
      </Flex>

      <Typography.Title level={5}>{t('client-messages:detail.notes')}</Typography.Title>
      {canUpdate && (
        <Form
          name="message-note"
          noValidate
          form={noteForm}
          layout="vertical"
          onFinish={(v) => void run({ note: { body: v.body.trim() } }).then((ok) => ok && noteForm.resetFields())}
        >
          <Form.Item
            name="body"
            rules={[{ required: true, whitespace: true, message: t('client-messages:detail.noteRequired') }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={CLIENT_MESSAGE_NOTE_MAX}
              aria-label={t('client-messages:detail.notes')}
              data-testid="message-note"
            />
          </Form.Item>
          <Button htmlType="submit" loading={isLoading} data-testid="message-note-submit">
            {t('client-messages:detail.addNote')}
          </Button>
        </Form>
      )}
      <List
        size="small"
        dataSource={notes}
        locale={{ emptyText: t('client-messages:detail.noNotes') }}
        data-testid="message-notes"
        renderItem={(n) => (
          <List.Item>
            <List.Item.Meta
              title={`${n.author?.name ?? ''} · ${formatDateTime(n.created_at, locale)}`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{n.body}</span>}
            />
          </List.Item>
        )}
      />

      <Typography.Title level={5}>{t('client-messages:detail.history')}</Typography.Title>
      <ActivityHistory
        query={{ ...detail, data: { history } }}
        testId="message-history"
        page={historyPage}
        onPageChange={setHistoryPage}
        subject="client_message"
      />

      <Modal
        open={!!back}
        title={back ? t('client-messages:detail.backTo', { status: label('leadStatus', back) }) : ''}
        okText={t('client-messages:detail.confirm')}
        cancelText={t('client-messages:detail.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'confirm-back' }}
        confirmLoading={isLoading}
        onCancel={() => setBack(null)}
        forceRender
        onOk={() =>
          void reasonForm.validateFields().then(
            async (v) => {
              if (back && (await run({ move: { to: back, reason: v.reason.trim() } }))) {
                setBack(null);
                reasonForm.resetFields();
              }
            },
            () => undefined,
          )
        }
      >
        <Form name="message-reason" noValidate form={reasonForm} layout="vertical">
          <Form.Item
            name="reason"
            label={t('client-messages:detail.reason')}
            rules={[{ required: true, whitespace: true, message: t('client-messages:detail.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={1000} data-testid="back-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
