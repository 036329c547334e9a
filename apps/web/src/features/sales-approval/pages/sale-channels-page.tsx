import { App, Button, Drawer, Empty, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AdminSaleChannel } from '@agrihub/contract/schemas/sale-channels';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { useEnumLabel } from '../../../lib/enums';
import { requirementLines } from '../../../lib/sale-channels';
import { fittedTable } from '../../../lib/table-layout';
import { useListAdminChannelsQuery, useUpdateAdminChannelMutation } from '../api/sales-approval-api';
import { ChannelName } from '../../../components/channel-name';
import { ChannelSettings } from '../components/channel-drawer';
import { LinkButton } from '../../../components/link-button';

/** The channels' columns in the 1200 px layout: requirements and feeds share what the others leave. */
const CHANNEL_COLUMN_WIDTHS = [{ width: 168 }, { width: 96 }, {}, {}, { width: 176 }] as const;

/**
 * /admin/sale-channels: the platform's sales channels (DESIGN §5.3) with whether each takes
 * registrations, what it asks of a product, its product feed URLs (copyable) and a token rotation
 * (confirmed: the old URLs stop answering); a channel's requirements are edited in a drawer.
 */
export function SaleChannelsPage() {
  const { t } = useTranslation('sales-approval');
  const { modal, message } = App.useApp();
  const label = useEnumLabel();
  const canEdit = useAppAbility().can('update', 'sale_channel_reference');
  const list = useListAdminChannelsQuery();
  const [save, saving] = useUpdateAdminChannelMutation();
  const [params, setParams] = useSearchParams();
  const editId = Number(params.get('edit')) || null;
  const edit = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('edit', String(id));
    else next.delete('edit');
    setParams(next);
  };

  const update = (id: number, body: Parameters<typeof save>[0]['body']) =>
    save({ id, body })
      .unwrap()
      .then((msg) => void message.success(msg ?? t('done')))
      .catch((e: unknown) => void message.error(isApiError(e) ? e.message : t('errors.generic')));

  const rotate = (c: AdminSaleChannel) =>
    modal.confirm({
      title: t('channels.rotateTitle', { name: c.name }),
      content: t('channels.rotateContent'),
      okText: t('channels.rotate'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-rotate' },
      cancelText: t('actions.cancel'),
      onOk: () => update(c.id, { rotate_feed_token: true }),
    });

  const toggle = (c: AdminSaleChannel, active: boolean) =>
    active
      ? void update(c.id, { active })
      : modal.confirm({
          title: t('channels.pauseTitle', { name: c.name }),
          content: t('channels.pauseContent'),
          okText: t('channels.pause'),
          okButtonProps: { danger: true, 'data-testid': 'confirm-pause' },
          cancelText: t('actions.cancel'),
          onOk: () => update(c.id, { active }),
        });

  return (
    <Flex vertical gap={16} data-testid="sale-channels-settings">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('channels.title')}
        </Typography.Title>
        <Space>
          <LinkButton to={paths.adminSalesApproval}>{t('title.producer')}</LinkButton>
          <LinkButton to={paths.adminProductSalesApproval}>{t('title.product')}</LinkButton>
        </Space>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('channels.intro')}
      </Typography.Paragraph>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminSaleChannel>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          data-testid="channels-table"
          {...fittedTable(CHANNEL_COLUMN_WIDTHS)}
          onRow={(c) => ({ 'data-testid': 'channel-row', 'data-code': c.code }) as object}
          locale={{ emptyText: list.isLoading ? ' ' : <Empty description={t('channels.empty')} /> }}
          columns={[
            {
              key: 'name',
              title: t('fields.channel'),
              width: CHANNEL_COLUMN_WIDTHS[0].width,
              render: (_, c) => (
                <Flex vertical gap={2}>
                  <ChannelName channel={c} size={28} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {label('saleChannelKind', c.kind)}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'active',
              title: t('channels.active'),
              width: CHANNEL_COLUMN_WIDTHS[1].width,
              render: (_, c) => (
                <Switch
                  checked={c.active}
                  disabled={!canEdit}
                  loading={
                    saving.isLoading &&
                    saving.originalArgs?.id === c.id &&
                    saving.originalArgs.body.active !== undefined
                  }
                  checkedChildren={t('channels.on')}
                  unCheckedChildren={t('channels.off')}
                  onChange={(v) => toggle(c, v)}
                  data-testid="channel-active"
                />
              ),
            },
            {
              key: 'requirements',
              title: t('channels.requirementsTitle'),
              render: (_, c) => {
                const lines = requirementLines(c.requirements);
                return lines.length ? (
                  <Flex gap={4} wrap data-testid="channel-requirements">
                    {lines.map((l) => (
                      <Tag key={l.key}>{t(`requirementTags.${l.key}`, { count: l.count })}</Tag>
                    ))}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('channels.noRequirements')}</Typography.Text>
                );
              },
            },
            {
              key: 'feeds',
              title: t('channels.feeds'),
              render: (_, c) => (
                // A cut address is whole in a tooltip on hover (and copied whole by its button).
                <Flex vertical gap={2} data-testid="channel-feeds">
                  <Typography.Text
                    copyable={{ text: c.feed_xml_url }}
                    ellipsis={{ tooltip: c.feed_xml_url }}
                    style={{ maxWidth: '100%' }}
                    data-testid="feed-xml"
                  >
                    XML: {c.feed_xml_url}
                  </Typography.Text>
                  <Typography.Text
                    copyable={{ text: c.feed_csv_url }}
                    ellipsis={{ tooltip: c.feed_csv_url }}
                    style={{ maxWidth: '100%' }}
                    data-testid="feed-csv"
                  >
                    CSV: {c.feed_csv_url}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'actions',
              title: t('fields.actions'),
              width: CHANNEL_COLUMN_WIDTHS[4].width,
              render: (_, c) => (
                <Flex vertical gap={4} align="start">
                  <Button icon={<EditOutlined />} onClick={() => edit(c.id)} data-testid="channel-edit">
                    {t(canEdit ? 'channels.edit' : 'channels.view')}
                  </Button>
                  {canEdit && (
                    <Button danger icon={<KeyOutlined />} onClick={() => rotate(c)} data-testid="channel-rotate">
                      {t('channels.rotate')}
                    </Button>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
      <Drawer
        open={!!editId}
        onClose={() => edit(null)}
        size="large"
        title={t('channels.drawerTitle')}
        destroyOnHidden
        data-testid="channel-drawer"
      >
        {editId && <ChannelSettings id={editId} />}
      </Drawer>
    </Flex>
  );
}
