import { Button, Card, Flex, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { USER_SORT_FIELDS } from '@agrihub/contract/schemas/auth';
import { sortTokens } from '@agrihub/contract/schemas/list';
import { useExistingPages } from '../../../components/existing-pages';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { AppCan } from '../../../lib/ability';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useServerTable, type TableSpec } from '../../../lib/use-server-table';
import { useEnumLabel } from '../../../lib/enums';
import { useAdminUsersQuery, type AdminUserRow } from '../api/admin-users-api';

type UserSort = (typeof USER_SORT_FIELDS)[number] | `-${(typeof USER_SORT_FIELDS)[number]}`;
/** GET /api/v1/admin/users: search and the contract's sorts, no other filter. */
const USER_TABLE: TableSpec<UserSort, object> = {
  sorts: sortTokens(USER_SORT_FIELDS),
  defaultSort: '-created_at',
  readFilters: () => ({}),
};

/** /admin/users: server-paged list with search. Requires read on user (route handle); a 403 shows no-permission. */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const label = useEnumLabel();
  const table = useServerTable(USER_TABLE);
  const { q } = table.query;
  const query = useAdminUsersQuery(table.query);
  const locale = currentLocale();
  const existing = useExistingPages();

  if (query.error) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('admin:users.columns.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: table.sortOrder('name'),
      render: (v: string | undefined) => v || '—',
    },
    {
      title: t('admin:users.columns.email'),
      dataIndex: 'email',
      key: 'email',
      sorter: true,
      sortOrder: table.sortOrder('email'),
    },
    {
      title: t('admin:users.columns.phone'),
      dataIndex: 'phone',
      key: 'phone',
      render: (v: string | null | undefined) => v || '—',
    },
    {
      title: t('admin:users.columns.roles'),
      dataIndex: 'roles',
      key: 'roles',
      render: (roles: string[] | undefined) =>
        roles && roles.length > 0 ? (
          <Flex gap={4} wrap>
            {roles.map((r) => (
              <Tag key={r} color="volcano">
                {label('role', r)}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Tag color="green">{t('common:role.producer')}</Tag>
        ),
    },
    {
      title: t('admin:users.columns.createdAt'),
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      sortOrder: table.sortOrder('created_at'),
      render: (v: string | undefined) => formatDateTime(v, locale),
    },
  ];

  return (
    <Card data-testid="admin-users">
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Space align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('admin:users.title')}
          </Typography.Title>
          <AppCan not I="update" a="user">
            <Tag data-testid="admin-users-read-only">{t('admin:users.readOnly')}</Tag>
          </AppCan>
        </Space>
        <Space>
          <Input.Search
            allowClear
            defaultValue={q}
            placeholder={t('admin:users.searchPlaceholder')}
            onSearch={(value) => table.update({ q: value.trim() || undefined })}
            style={{ width: 320 }}
            data-testid="admin-users-search"
            enterButton
          />
          {existing.has(paths.adminAddUser) && (
            <AppCan I="create" a="user">
              <Link to={paths.adminAddUser}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="admin-users-add">
                  {t('admin:users.add')}
                </Button>
              </Link>
            </AppCan>
          )}
        </Space>
      </Flex>
      <Table<AdminUserRow>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.users ?? []}
        loading={query.isFetching}
        locale={{ emptyText: q ? t('admin:users.noMatch', { q }) : t('admin:users.empty') }}
        {...table.tableProps(query.data?.meta, (total) => t('admin:users.total', { count: total }))}
        data-testid="admin-users-table"
      />
    </Card>
  );
}
