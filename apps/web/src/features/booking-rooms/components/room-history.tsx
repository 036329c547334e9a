import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityHistory } from '../../../components/activity-history';
import { useBookingRoomHistoryQuery } from '../api/booking-rooms-api';

/** The history's field names (API names) → the form's labels. */
const FIELD_KEYS: Record<string, string> = {
  name: 'fields.name',
  name_en: 'fields.nameEn',
  location: 'fields.location',
  size_m2: 'fields.size',
  price_per_month: 'fields.price',
  available: 'fields.available',
  position: 'fields.position',
};

/** A room's history in its edit drawer: created, each edit (before → after). */
export function RoomHistory({ roomId }: { roomId: number }) {
  const { t } = useTranslation('booking-rooms');
  const [page, setPage] = useState(1);
  const history = useBookingRoomHistoryQuery({ id: roomId, page }, { refetchOnMountOrArgChange: true });
  return (
    <ActivityHistory
      query={history}
      testId="room-history"
      page={page}
      onPageChange={setPage}
      subject="booking_room"
      fieldLabel={(f) => (FIELD_KEYS[f] ? t(FIELD_KEYS[f]) : f)}
    />
  );
}
