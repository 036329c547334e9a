import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminBookingRoom } from '@agrihub/contract/schemas/booking-rooms';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-error';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { fittedTable } from '../../../lib/table-layout';
import { CellText } from '../../../components/cell-text';
import { useAdminBookingRoomsQuery, useDeleteBookingRoomMutation } from '../api/booking-rooms-api';
import { RoomDrawer } from '../components/room-drawer';

/** The rooms' columns in the 1200 px layout (the name takes what the others leave). */
const ROOM_COLUMN_WIDTHS = [
  {},
  { width: 84 },
  { width: 120 },
  { width: 124 },
  { width: 168 },
  { width: 68 },
  { width: 96 },
];

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
            {...fittedTable(ROOM_COLUMN_WIDTHS)}
            data-testid="booking-rooms-table"
            locale={{
              emptyText: rooms.isLoading ? (
                ' '
              ) : (
                <Empty description={t('table.empty')} data-testid="booking-rooms-empty" />
              ),
            }}
            columns={[
              {
                title: t('table.name'),
                key: 'name',
                render: (_v, r) => (
                  <>
                    <CellText text={nameOf(r)} rows={2} style={{ fontWeight: 600 }} />
                    <CellText text={r.location} secondary />
                  </>
                ),
              },
              { title: t('table.size'), dataIndex: 'size_m2', width: 84, render: (v: number) => `${v} m²` },
              {
                title: t('table.price'),
                dataIndex: 'price_per_month',
                width: 120,
                render: (v: number) => formatMoney(v),
              },
              {
                title: t('table.available'),
                dataIndex: 'available',
                width: 124,
                render: (v: boolean) =>
                  v ? <Tag color="green">{t('table.open')}</Tag> : <Tag>{t('table.closed')}</Tag>,
              },
              {
                // How many bookings and, under the count, the next one's period.
                title: t('table.bookings'),
                key: 'bookings',
                width: 168,
                render: (_v, r) => (
                  <>
                    <div>{r.bookings_count}</div>
                    {r.next_booking && (
                      <CellText
                        text={t('table.period', {
                          start: formatDate(r.next_booking.start_date, locale),
                          end: formatDate(r.next_booking.end_date, locale),
                        })}
                        secondary
                        data-testid="room-next-booking"
                      />
                    )}
                  </>
                ),
              },
              { title: t('table.position'), dataIndex: 'position', width: 68, align: 'right' },
              {
                title: '',
                key: 'actions',
                width: 96,
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
                      description={
                        r.bookings_count
                          ? t('delete.hasBookings', { count: r.bookings_count })
                          : t('delete.description')
                      }
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
