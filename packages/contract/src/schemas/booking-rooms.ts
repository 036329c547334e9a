import { z } from 'zod';
import { INT2_MAX, intField, textField } from './common.js';

/**
 * The rooms admin (DESIGN §5.2, Foodmap settings → rooms): the showroom and booth spaces a
 * department registration books, with their bookings (requests not cancelled).
 */

/** Largest size of a room, m². */
export const ROOM_MAX_SIZE_M2 = 100_000;
/** Largest monthly price, whole VND (a bigint column; well within a safe JS integer). */
export const ROOM_MAX_PRICE_PER_MONTH = 100_000_000_000;

export const adminBookingRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  location: z.string(),
  size_m2: z.number().int(),
  price_per_month: z.number().int(),
  available: z.boolean(),
  position: z.number().int(),
  /** Current and future bookings (requests not cancelled whose period has not ended). */
  bookings_count: z.number().int(),
  /** The booking in progress, else the next one. */
  next_booking: z.object({ request_id: z.number().int(), start_date: z.string(), end_date: z.string() }).nullable(),
  created_at: z.string(),
});
export type AdminBookingRoom = z.infer<typeof adminBookingRoom>;

const roomText = (missing: string, max: number) =>
  textField({ error: missing }).trim().min(1, missing).max(max, 'tooLong');

const roomFields = {
  name: roomText('pleaseInputRoomName', 120),
  name_en: roomText('pleaseInputRoomName', 120),
  location: roomText('pleaseInputRoomLocation', 200),
  size_m2: intField('invalidRoomSize', 1, ROOM_MAX_SIZE_M2),
  price_per_month: intField('invalidRoomPrice', 0, ROOM_MAX_PRICE_PER_MONTH),
  available: z.boolean({ error: 'validation_failed' }),
  position: intField('invalidNumber', 0, INT2_MAX),
};

/** POST: every field but availability (default true) and position (default 0). */
export const bookingRoomBody = z.object({
  ...roomFields,
  available: roomFields.available.default(true),
  position: roomFields.position.default(0),
});
export type BookingRoomBody = z.input<typeof bookingRoomBody>;

/** PUT: the fields to change. */
export const bookingRoomUpdateBody = z.object(roomFields).partial();
export type BookingRoomUpdateBody = z.input<typeof bookingRoomUpdateBody>;

export const adminBookingRoomsAnswer = z.object({ data: z.object({ booking_rooms: z.array(adminBookingRoom) }) });
export const adminBookingRoomAnswer = z.object({
  data: z.object({ booking_room: adminBookingRoom }),
  meta: z.object({ message: z.string() }).optional(),
});
