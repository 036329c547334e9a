import {
  App,
  Empty,
  Flex,
  Popconfirm,
  Result,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, generatePath } from 'react-router';
import { provinceName } from '@agrihub/contract/geo';
import type { ProducerOem } from '@agrihub/contract/schemas/oems';
import { formatPhone } from '@agrihub/contract/phone';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { useAppAbility } from '../../../lib/ability';
import { isApiError } from '../../../lib/api-error';
import { categoryLabel } from '../../../lib/category-tree';
import { useCategoriesQuery } from '../../../lib/catalogue-api';
import { formatDate } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { platform } from '../../../lib/platform';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import { useListOemsQuery, useUpdateOemMutation } from '../api/oems-api';
import { OemExportButtons } from '../components/export-buttons';
import { OemFiltersBar } from '../components/oem-filters';
import { ValidityTag } from '../components/validity-tag';
import { certificateSummary } from '../lib/certificate-summary';
import { useOemTable } from '../lib/list-params';
import { LinkButton } from '../../../components/link-button';

const number = (n: number, locale: string) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN');

/** On or off from the list: switching off asks first; a reader without update sees a tag. */
function ActiveSwitch({ oem, canUpdate }: { oem: ProducerOem; canUpdate: boolean }) {
  const { t } = useTranslation('oems');
  const { message } = App.useApp();
  const [update, state] = useUpdateOemMutation();
  if (!canUpdate)
    return (
      <Tag color={oem.active ? 'green' : 'default'} data-testid="oem-active" data-active={oem.active}>
        {oem.active ? t('list.activeOn') : t('list.activeOff')}
      </Tag>
    );
  const set = async (active: boolean) => {
    try {
      await update({ id: oem.id, body: { active } }).unwrap();
      void message.success(
        active ? t('list.activated', { name: oem.name }) : t('list.deactivated', { name: oem.name }),
      );
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('errors.generic'));
    }
  };
  const control = (
    <Switch
      size="small"
      checked={oem.active}
      loading={state.isLoading}
      onChange={(on) => (on ? void set(true) : undefined)}
      aria-label={oem.active ? t('list.activeOn') : t('list.activeOff')}
      data-testid="oem-active"
      data-active={oem.active}
    />
  );
  return (
    <Tooltip title={oem.active ? t('list.activeOn') : t('list.activeOff')}>
      {oem.active ? (
        <Popconfirm
          title={t('list.deactivateConfirm', { name: oem.name })}
          okText={t('list.deactivate')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'oem-deactivate-confirm' }}
          onConfirm={() => set(false)}
        >
          {control}
        </Popconfirm>
      ) : (
        control
      )}
    </Tooltip>
  );
}

/** A category's tag never wider than its cell: a long name is cut (whole in its title). */
/**
 * The capacity column's header ("Công suất/tháng") needs 132 px not to break inside a word; the
 * name column gives the 16 px back (at least 184 px) so the list still fits the 1200 px card.
 */
const CAPACITY_WIDTH = 132;
const NAME_MIN = 184;

const TAG_IN_CELL = { marginInlineEnd: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * /admin/oems: the platform's OEM producers (DESIGN §5.5), server-paged, filters above the table
 * (search without accents, province, category, capacity, cooperating, certificates expiring or
 * expired), each one's certificate state, on/off from the list, XLSX export.
 */
export function OemsPage() {
  const { t } = useTranslation('oems');
  const locale = currentLocale();
  const ability = useAppAbility();
  const table = useOemTable();
  const { query: filters, update, active } = table;
  const list = useListOemsQuery(filters, { skip: !platform.features.oems });
  const categories = useCategoriesQuery();

  if (!platform.features.oems) return <Result status="404" title={t('detail.notFound')} data-testid="oems-off" />;

  const canUpdate = ability.can('update', 'producer_oem');
  // The 1200 px layout: the name takes what the fixed columns leave, two lines at most (whole in a tooltip).
  const columns: TableColumnsType<ProducerOem> = [
    {
      title: t('fields.name'),
      key: 'name',
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (_, o) => (
        <Flex vertical>
          <CellText text={o.name} rows={2}>
            <Link to={generatePath(paths.adminOem, { id: String(o.id) })} data-testid="oem-link">
              {o.name}
            </Link>
          </CellText>
          {(o.tax_code || o.province_code) && (
            <CellText
              text={[o.tax_code && t('list.taxCode', { code: o.tax_code }), provinceName(o.province_code)]
                .filter(Boolean)
                .join(' · ')}
              secondary
              data-testid="oem-province"
            />
          )}
        </Flex>
      ),
    },
    {
      title: t('fields.contact_name'),
      key: 'contact',
      width: 144,
      render: (_, o) =>
        o.contact_name || o.phone ? (
          <Flex vertical>
            <CellText text={o.contact_name ?? '—'} rows={2} />
            {o.phone && (
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatPhone(o.phone)}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('fields.category_ids'),
      key: 'categories',
      width: 160,
      render: (_, o) =>
        o.category_ids.length ? (
          <Flex wrap gap={4}>
            {o.category_ids.map((id) => {
              const name =
                categoryLabel(id, categories.data ?? [], locale)
                  .split(' > ')
                  .pop() || `#${id}`;
              return (
                <Tag key={id} title={name} style={TAG_IN_CELL}>
                  {name}
                </Tag>
              );
            })}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('fields.monthly_capacity'),
      key: 'monthly_capacity',
      align: 'right',
      // "Công suất/tháng" wraps at its space only: "suất/tháng" and the sorter fit on the second line.
      width: CAPACITY_WIDTH,
      sorter: true,
      sortOrder: table.sortOrder('monthly_capacity'),
      render: (_, o) =>
        o.monthly_capacity != null ? `${number(o.monthly_capacity, locale)} ${o.capacity_unit ?? ''}`.trim() : '—',
    },
    {
      title: t('fields.certificate_status'),
      key: 'next_expiry',
      width: 156,
      sorter: true,
      sortOrder: table.sortOrder('next_expiry'),
      render: (_, o) => {
        const summary = certificateSummary(o);
        if (!summary || !o.certificate_status)
          return <Typography.Text type="secondary">{t('list.noCertificates')}</Typography.Text>;
        const { worst, date } = summary;
        return (
          <Flex vertical gap={2} align="flex-start" data-testid="oem-certificates">
            <ValidityTag validity={o.certificate_status} validUntil={worst.valid_until} daysLeft={worst.days_left} />
            {date && (
              <Typography.Text
                type="secondary"
                style={{ fontSize: 12 }}
                data-testid="oem-next-expiry"
                data-kind={date.kind}
              >
                {date.kind === 'expiredOn'
                  ? t('list.expiredOn', { date: formatDate(date.date, locale) })
                  : t('list.nextExpiry', { date: formatDate(date.date, locale) })}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('fields.active'),
      key: 'active',
      align: 'center',
      width: 76,
      render: (_, o) => <ActiveSwitch oem={o} canUpdate={canUpdate} />,
    },
  ];

  return (
    <ListPage
      testId="oems"
      title={t('list.title')}
      extra={
        <Space>
          <OemExportButtons filters={filters} />
          {ability.can('create', 'producer_oem') && (
            <LinkButton to={paths.adminAddOem} type="primary" icon={<PlusOutlined />} data-testid="oem-add">
              {t('list.add')}
            </LinkButton>
          )}
        </Space>
      }
      filters={<OemFiltersBar filters={filters} active={active} update={update} />}
      query={list}
    >
      <Table<ProducerOem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.producer_oems ?? []}
        loading={list.isFetching}
        onRow={(o) => ({ 'data-testid': 'oem-row', 'data-id': o.id }) as object}
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : (
            <Empty description={active ? t('list.noMatch') : t('list.empty')} data-testid="oems-empty" />
          ),
        }}
        {...table.tableProps(list.data?.meta, (total) => t('list.total', { count: total }))}
        {...fittedTable(columns, { flexMin: NAME_MIN })}
      />
    </ListPage>
  );
}
