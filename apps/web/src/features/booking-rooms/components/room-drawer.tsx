import { App, Button, Divider, Drawer, Flex, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ROOM_MAX_PRICE_PER_MONTH,
  ROOM_MAX_SIZE_M2,
  bookingRoomBody,
  type AdminBookingRoom,
  type BookingRoomBody,
} from '@agrihub/contract/schemas/booking-rooms';
import { INT2_MAX } from '@agrihub/contract/schemas/common';
import { isApiError } from '../../../lib/api-error';
import { formIssues, serverFieldErrors, showFieldErrors } from '../../../lib/form-rules';
import { useCreateBookingRoomMutation, useUpdateBookingRoomMutation } from '../api/booking-rooms-api';
import { RoomHistory } from './room-history';

interface Props {
  /** The room to edit, `'new'` to add one, null when closed. */
  room: AdminBookingRoom | 'new' | null;
  onClose: () => void;
}

const FIELDS = ['name', 'name_en', 'location', 'size_m2', 'price_per_month', 'available', 'position'] as const;

const money = {
  formatter: (v: number | string | undefined) =>
    v === undefined || v === null || v === '' ? '' : Number(v).toLocaleString('vi-VN'),
  parser: (v: string | undefined) => Number((v ?? '').replace(/\D/g, '')),
};

/**
 * Adds or edits a room. The form takes the room once when it opens (render it with `key`), so a
 * refetch of the list never wipes what is being typed; a refusal is shown on its field.
 */
export function RoomDrawer({ room, onClose }: Props) {
  const { t, i18n } = useTranslation('booking-rooms');
  const { message } = App.useApp();
  const [form] = Form.useForm<BookingRoomBody>();
  const [create, creating] = useCreateBookingRoomMutation();
  const [update, updating] = useUpdateBookingRoomMutation();
  const saving = creating.isLoading || updating.isLoading;
  const editing = room !== null && room !== 'new' ? room : null;

  const submit = async () => {
    const values = form.getFieldsValue(true) as BookingRoomBody;
    const body: BookingRoomBody = {
      ...values,
      name: values.name ?? '',
      name_en: values.name_en ?? '',
      location: values.location ?? '',
    };
    const issues = formIssues(bookingRoomBody, body, (k, o) => i18n.t(k, o));
    if (issues.length) return showFieldErrors(form, issues);
    try {
      const done = editing ? await update({ id: editing.id, body }).unwrap() : await create(body).unwrap();
      void message.success(done);
      onClose();
    } catch (error) {
      if (!isApiError(error)) return void message.error(t('drawer.failed'));
      showFieldErrors(form, serverFieldErrors(error.errors, FIELDS));
      void message.error(error.message);
    }
  };

  return (
    <Drawer
      open={room !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={
        editing
          ? t('drawer.editTitle', { name: i18n.language === 'en' ? editing.name_en : editing.name })
          : t('drawer.newTitle')
      }
      data-testid="room-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('drawer.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="room-save">
            {t('drawer.save')}
          </Button>
        </Space>
      }
    >
      <Form<BookingRoomBody>
        name="booking-room"
        noValidate
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={
          editing
            ? {
                name: editing.name,
                name_en: editing.name_en,
                location: editing.location,
                size_m2: editing.size_m2,
                price_per_month: editing.price_per_month,
                available: editing.available,
                position: editing.position,
              }
            : { available: true, position: 0 }
        }
      >
        <Form.Item name="name" label={t('fields.name')} required>
          <Input maxLength={120} data-testid="room-name" />
        </Form.Item>
        <Form.Item name="name_en" label={t('fields.nameEn')} required>
          <Input maxLength={120} data-testid="room-name-en" />
        </Form.Item>
        <Form.Item name="location" label={t('fields.location')} required>
          <Input maxLength={200} data-testid="room-location" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Form.Item name="size_m2" label={t('fields.size')} required style={{ flex: '1 1 30%' }}>
            <InputNumber<number>
              min={1}
              max={ROOM_MAX_SIZE_M2}
              precision={0}
              suffix="m²"
              style={{ width: '100%' }}
              data-testid="room-size"
            />
          </Form.Item>
          <Form.Item name="price_per_month" label={t('fields.price')} required style={{ flex: '1 1 60%' }}>
            <InputNumber<number>
              min={0}
              max={ROOM_MAX_PRICE_PER_MONTH}
              precision={0}
              suffix="₫"
              style={{ width: '100%' }}
              formatter={money.formatter}
              parser={money.parser}
              data-testid="room-price"
            />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          <Form.Item
            name="available"
            label={t('fields.available')}
            valuePropName="checked"
            extra={t('fields.availableHint')}
            style={{ flex: '1 1 60%' }}
          >
            <Switch data-testid="room-available" />
          </Form.Item>
          <Form.Item name="position" label={t('fields.position')} style={{ flex: '1 1 30%' }}>
            <InputNumber<number>
              min={0}
              max={INT2_MAX}
              precision={0}
              style={{ width: '100%' }}
              data-testid="room-position"
            />
          </Form.Item>
        </Flex>
      </Form>
      {editing && (
        <>
          <Divider titlePlacement="start">{t('history.title')}</Divider>
          <RoomHistory roomId={editing.id} />
        </>
      )}
    </Drawer>
  );
}
