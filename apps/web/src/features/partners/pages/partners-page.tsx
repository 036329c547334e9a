import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchButton } from '../../../components/filter-bar';
import type { Partner } from '@agrihub/contract/schemas/partners';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { useDeletePartnerMutation, useListPartnersQuery } from '../api/partners-api';
import { PartnerModal } from '../components/partner-modal';

const PER_PAGE = 20;

/** /partners: the producer's trading partners — platform producers and outside parties. */
export function PartnersPage() {
  const { t } = useTranslation('partners');
  const { message } = App.useApp();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useListPartnersQuery({ q: q || undefined, page, per_page: PER_PAGE });
  const [remove, removing] = useDeletePartnerMutation();
  const [editing, setEditing] = useState<Partner | null>(null);
  const [open, setOpen] = useState(false);

  const onDelete = async (p: Partner) => {
    try {
      await remove(p.id).unwrap();
      message.success(t('deleted'));
    } catch (error) {
      message.error(isApiError(error) ? error.message : t('deleteFailed'));
    }
  };

  const empty = q ? (
    <Empty description={t('noMatch')} />
  ) : (
    <Empty description={t('empty')} data-testid="partners-empty">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('add')}
      </Button>
    </Empty>
  );

  const searchButton = useSearchButton();
  return (
    <Flex vertical gap={16} data-testid="partners-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
          data-testid="add-partner"
        >
          {t('add')}
        </Button>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <Input.Search
            allowClear
            enterButton={searchButton}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
            style={{ maxWidth: 360 }}
          />
          {list.isError ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <Table<Partner>
              rowKey="id"
              loading={list.isFetching}
              dataSource={list.data?.partners ?? []}
              locale={{ emptyText: list.isLoading ? ' ' : empty }}
              scroll={{ x: 800 }}
              pagination={{
                current: page,
                pageSize: PER_PAGE,
                total: list.data?.meta.total_count ?? 0,
                onChange: setPage,
                showSizeChanger: false,
              }}
              columns={[
                { title: t('fields.name'), dataIndex: 'name', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
                {
                  title: t('fields.kind'),
                  dataIndex: 'kind',
                  render: (k: Partner['kind']) => <Tag color={k === 'platform' ? 'green' : 'default'}>{t(`kind.${k}`)}</Tag>,
                },
                { title: t('fields.taxCode'), dataIndex: 'tax_code', render: (v: string | null) => v ?? '—' },
                { title: t('fields.gln'), dataIndex: 'gln', render: (v: string | null) => v ?? '—' },
                { title: t('fields.shipments'), dataIndex: 'shipment_count', align: 'right' },
                {
                  title: t('fields.actions'),
                  key: 'actions',
                  render: (_: unknown, p) => (
                    <Flex gap={4}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('edit')}
                        onClick={() => {
                          setEditing(p);
                          setOpen(true);
                        }}
                      />
                      <Popconfirm
                        title={t('deleteConfirm', { name: p.name })}
                        okText={t('delete')}
                        cancelText={t('cancel')}
                        okButtonProps={{ danger: true, loading: removing.isLoading }}
                        onConfirm={() => onDelete(p)}
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
                      </Popconfirm>
                    </Flex>
                  ),
                },
              ]}
            />
          )}
        </Flex>
      </Card>
      <PartnerModal open={open} partner={editing} onClose={() => setOpen(false)} />
    </Flex>
  );
}
