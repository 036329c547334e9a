import { Empty, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLES } from '@agrihub/contract/permissions';
import { formatPhone } from '@agrihub/contract/phone';
import { useExistingPages } from '../../../components/existing-pages';
import { FilterBar, SearchFilter, SelectFilter } from '../../../components/filter-bar';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { AppCan } from '../../../lib/ability';
import { useEnumLabel } from '../../../lib/enums';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { COL, fittedTable } from '../../../lib/table-layout';
import { AccentTag } from '../../../components/accent-tag';
import { CellText } from '../../../components/cell-text';
import { useAdminUsersQuery, type AdminUserRow } from '../api/admin-users-api';
import { UserActiveTag } from '../components/user-actions';
import { useUserTable, type UserFilters } from '../lib/list-params';
import { LinkButton } from '../../../components/link-button';

const CLEARED: Partial<UserFilters> = {
  q: undefined,
  role: undefined,
  kind: undefined,
  active: undefined,
  producer_id: undefined,
};

const userPath = (id: number) => paths.adminUser.replace(':id', String(id));

/** /admin/users: the platform's accounts, server-paged, filtered by role, kind, state and search. Requires read on user. */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const label = useEnumLabel();
  const table = useUserTable();
  const { query: filters, update } = table;
  const list = useAdminUsersQuery(filters);
  const locale = currentLocale();
  const existing = useExistingPages();

  // The 1200 px layout: the phone under the e-mail, the producer under its tag, names on two lines at
  // most (whole in a tooltip).
  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('admin:users.columns.name'),
      key: 'name',
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (_, u) => (
        <CellText text={u.name || '—'} rows={2}>
          <Link to={userPath(u.id)} data-testid="user-link">
            {u.name || '—'}
          </Link>
        </CellText>
      ),
    },
    {
      title: `${t('admin:users.columns.email')} / ${t('admin:users.columns.phone')}`,
      dataIndex: 'email',
      key: 'email',
      width: 216,
      sorter: true,
      sortOrder: table.sortOrder('email'),
      render: (email: string, u) => (
        <>
          {/* A long address takes a second line (broken after its hyphen or anywhere) rather than "purchase-…". */}
          <CellText text={email} rows={2} data-testid="user-email" />
          <CellText text={formatPhone(u.phone) || '—'} secondary data-testid="user-phone" />
        </>
      ),
    },
    {
      title: t('admin:users.columns.roles'),
      key: 'roles',
      width: 184,
      render: (_, u) =>
        u.roles.length > 0 ? (
          <Flex gap={4} wrap>
            {u.roles.map((r) => (
              <Tag key={r} color="volcano">
                {label('role', r)}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Flex vertical gap={2} align="flex-start">
            <AccentTag>{t('common:role.producer')}</AccentTag>
            {u.producer && <CellText text={u.producer.name} rows={2} secondary />}
          </Flex>
        ),
    },
    {
      title: t('admin:users.columns.active'),
      key: 'active',
      width: COL.status,
      render: (_, u) => <UserActiveTag active={u.active} />,
    },
    {
      title: t('admin:users.columns.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 112,
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (v: string) => formatDateTime(v, locale),
    },
  ];

  return (
    <ListPage
      testId="admin-users"
      title={
        <Flex align="center" gap={8}>
          {t('admin:users.title')}
          <AppCan not I="update" a="user">
            <Tag data-testid="admin-users-read-only">{t('admin:users.readOnly')}</Tag>
          </AppCan>
        </Flex>
      }
      query={list}
      extra={
        existing.has(paths.adminAddUser) ? (
          <AppCan I="create" a="user">
            <LinkButton to={paths.adminAddUser} type="primary" icon={<PlusOutlined />} data-testid="admin-users-add">
              {t('admin:users.add')}
            </LinkButton>
          </AppCan>
        ) : undefined
      }
      filters={
        <FilterBar
          active={table.active}
          onReset={() => update(CLEARED)}
          resetLabel={t('admin:users.resetFilters')}
          resetTestId="user-filters-reset"
          testId="user-filters"
        >
          <SearchFilter
            enterButton
            value={filters.q}
            onSearch={(q) => update({ q })}
            placeholder={t('admin:users.searchPlaceholder')}
            width={320}
            testId="admin-users-search"
          />
          <SelectFilter
            value={filters.role}
            placeholder={t('admin:users.allRoles')}
            width={220}
            options={ROLES.map((r) => ({ value: r, label: label('role', r) }))}
            onChange={(role) => update({ role })}
            testId="user-role-filter"
          />
          <SelectFilter
            value={filters.kind}
            placeholder={t('admin:users.allKinds')}
            width={200}
            options={[
              { value: 'staff', label: t('admin:user.kinds.staff') },
              { value: 'producer', label: t('admin:user.kinds.producer') },
            ]}
            onChange={(kind) => update({ kind })}
            testId="user-kind-filter"
          />
          <SelectFilter
            value={filters.active}
            placeholder={t('admin:users.allStates')}
            width={180}
            options={[
              { value: 'true', label: t('admin:users.active') },
              { value: 'false', label: t('admin:users.inactive') },
            ]}
            onChange={(active) => update({ active })}
            testId="user-active-filter"
          />
        </FilterBar>
      }
    >
      <Table<AdminUserRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.users ?? []}
        loading={list.isFetching}
        onRow={(u) => ({ 'data-testid': 'user-row', 'data-id': u.id, 'data-email': u.email }) as object}
        locale={{
          emptyText: list.isLoading ? (
            ' '
          ) : (
            <Empty description={table.active ? t('admin:users.noMatch') : t('admin:users.empty')} />
          ),
        }}
        {...table.tableProps(list.data?.meta, (total) => t('admin:users.total', { count: total }))}
        {...fittedTable(columns)}
        data-testid="admin-users-table"
      />
    </ListPage>
  );
}
