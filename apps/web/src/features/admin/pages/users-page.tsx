import { Button, Card, Flex, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@agrihub/contract/constants';
import { useExistingPages } from '../../../components/existing-pages';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { AppCan } from '../../../lib/ability';
import { formatDateTime } from '../../../lib/formatters';
import { currentLocale } from '../../../lib/i18n';
import { useEnumLabel } from '../../../lib/enums';
import { useAdminUsersQuery, type AdminUserRow } from '../api/admin-users-api';

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/** /admin/users: server-paged list with search. Requires read on user (route handle); a 403 shows no-permission. */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'common']);
  const label = useEnumLabel();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const perPage = positiveInt(params.get('per_page'), DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const q = params.get('q') ?? '';
  const query = useAdminUsersQuery({ page, per_page: perPage, q: q || undefined });
  const locale = currentLocale();
  const existing = useExistingPages();

  const update = (next: Record<string, string | number | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '') merged.delete(k);
      else merged.set(k, String(v));
    }
    setParams(merged);
  };

  if (query.error) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('admin:users.columns.name'),
      dataIndex: 'name',
      key: 'name',
      render: (v: string | undefined) => v || '—',
    },
    { title: t('admin:users.columns.email'), dataIndex: 'email', key: 'email' },
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
            onSearch={(value) => update({ q: value.trim() || undefined, page: undefined })}
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
        pagination={{
          current: query.data?.meta.current_page ?? page,
          pageSize: query.data?.meta.per_page ?? perPage,
          total: query.data?.meta.total_count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100].filter((n) => n <= MAX_PER_PAGE),
          showTotal: (total) => t('admin:users.total', { count: total }),
        }}
        onChange={(pagination) =>
          update({
            page: pagination.current && pagination.current > 1 ? pagination.current : undefined,
            per_page: pagination.pageSize && pagination.pageSize !== DEFAULT_PER_PAGE ? pagination.pageSize : undefined,
          })
        }
        data-testid="admin-users-table"
      />
    </Card>
  );
}
