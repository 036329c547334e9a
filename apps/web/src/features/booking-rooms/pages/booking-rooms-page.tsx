import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminBookingRoom } from '@agrihub/contract/schemas/booking-rooms';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useAdminBookingRoomsQuery, useDeleteBookingRoomMutation } from '../api/booking-rooms-api';
import { RoomDrawer } from '../components/room-drawer';

/**
 * /admin/booking-rooms: the platform's showroom and booth spaces a department registration
 * books — add, edit, open or close to booking, delete one without current or future bookings.
 */
export function BookingRoomsPage() {
  const { t, i18n } = useTranslation('booking-rooms');
  const locale = i18n.language === 'en' ? 'en' : 'vi';
  const { message } = App.useApp();
  const rooms = useAdminBookingRoomsQuery();
  const [remove] = useDeleteBookingRoomMutation();
  const [deleting, setDeleting] = useState<number | null>(null);
  const [editingId, setEditingId] = useState<number | 'new' | null>(null);
  const editing = editingId === 'new' ? 'new' : (rooms.data?.find((r) => r.id === editingId) ?? null);
  const nameOf = (r: AdminBookingRoom) => (locale === 'en' ? r.name_en : r.name);

  const onDelete = async (room: AdminBookingRoom) => {
    setDeleting(room.id);
    try {
      void message.success(await remove(room.id).unwrap());
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t('drawer.failed'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="booking-rooms-page">
      <Flex justify="space-between" align="start" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditingId('new')} data-testid="room-add">
          {t('add')}
        </Button>
      </Flex>
      <Card>
        {rooms.isError ? (
          <QueryError error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : (
          <Table<AdminBookingRoom>
            rowKey="id"
            size="middle"
            loading={rooms.isFetching}
            dataSource={rooms.data ?? []}
            pagination={false}
            scroll={{ x: 900 }}
            data-testid="booking-rooms-table"
            locale={{ emptyText: rooms.isLoading ? ' ' : <Empty description={t('table.empty')} data-testid="booking-rooms-empty" /> }}
            columns={[
              {
                title: t('table.name'),
                key: 'name',
                render: (_v, r) => (
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{nameOf(r)}</Typography.Text>
                    <Typography.Text type="secondary">{r.location}</Typography.Text>
                  </Space>
                ),
              },
              { title: t('table.size'), dataIndex: 'size_m2', width: 100, render: (v: number) => `${v} m²` },
              {
                title: t('table.price'),
                dataIndex: 'price_per_month',
                width: 150,
                render: (v: number) => formatMoney(v),
              },
              {
                title: t('table.available'),
                dataIndex: 'available',
                width: 140,
                render: (v: boolean) => (v ? <Tag color="green">{t('table.open')}</Tag> : <Tag>{t('table.closed')}</Tag>),
              },
              { title: t('table.bookings'), dataIndex: 'bookings_count', width: 110, align: 'right' },
              {
                title: t('table.nextBooking'),
                key: 'next',
                width: 220,
                render: (_v, r) =>
                  r.next_booking
                    ? t('table.period', { start: formatDate(r.next_booking.start_date, locale), end: formatDate(r.next_booking.end_date, locale) })
                    : '—',
              },
              { title: t('table.position'), dataIndex: 'position', width: 90, align: 'right' },
              {
                title: '',
                key: 'actions',
                width: 120,
                fixed: 'right',
                render: (_v, r) => (
                  <Space>
                    <Button
                      icon={<EditOutlined />}
                      aria-label={t('table.edit', { name: nameOf(r) })}
                      onClick={() => setEditingId(r.id)}
                      data-testid={`room-edit-${r.id}`}
                    />
                    <Popconfirm
                      title={t('delete.title', { name: nameOf(r) })}
                      description={r.bookings_count ? t('delete.hasBookings', { count: r.bookings_count }) : t('delete.description')}
                      okText={t('delete.ok')}
                      cancelText={t('drawer.cancel')}
                      okButtonProps={{ danger: true, id: `room-delete-confirm-${r.id}` }}
                      onConfirm={() => onDelete(r)}
                    >
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        loading={deleting === r.id}
                        aria-label={t('table.delete', { name: nameOf(r) })}
                        data-testid={`room-delete-${r.id}`}
                      />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <RoomDrawer key={editingId ?? 'closed'} room={editing} onClose={() => setEditingId(null)} />
    </Flex>
  );
}
