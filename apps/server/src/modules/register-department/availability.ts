import { and, asc, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { bookingEndDate, nextFreeStart, periodsOverlap, todayInVietnam, type PlatformKey } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { userRegisterServices } from '../../db/schema/index.js';

/**
 * Which periods a room is taken (DESIGN §5.2): a room is taken by every department-registration
 * request holding its booking that is not cancelled, from its start date to its end date (both
 * included). A request cancelled frees its period; a period starting the day after another ends
 * does not overlap it.
 */

export interface BookedPeriod {
  request_id: number;
  room_id: number;
  start_date: string;
  end_date: string;
}

const b = userRegisterServices.booking;
const roomIdOf = sql<number>`(${b}->>'room_id')::int`;
const startOf = sql<string>`${b}->>'start_date'`;
const endOf = sql<string>`${b}->>'end_date'`;

/**
 * The bookings of these rooms (not cancelled) that end on or after `from` (default: today in
 * Vietnam), by start date, grouped by room.
 */
export async function bookedPeriods(
  db: Db | Tx,
  platform: PlatformKey,
  roomIds: readonly number[],
  from: string = todayInVietnam(),
): Promise<Map<number, BookedPeriod[]>> {
  const byRoom = new Map<number, BookedPeriod[]>(roomIds.map((id) => [id, []]));
  if (!roomIds.length) return byRoom;
  const rows = await db
    .select({ request_id: userRegisterServices.id, room_id: roomIdOf, start_date: startOf, end_date: endOf })
    .from(userRegisterServices)
    .where(
      and(
        eq(userRegisterServices.platform, platform),
        isNotNull(b),
        ne(userRegisterServices.step, 'cancelled'),
        inArray(roomIdOf, [...roomIds]),
        gte(endOf, from),
      ),
    )
    .orderBy(asc(startOf), asc(userRegisterServices.id));
  for (const row of rows) byRoom.get(Number(row.room_id))?.push({ ...row, room_id: Number(row.room_id) });
  return byRoom;
}

export interface PeriodCheck {
  free: boolean;
  /** When taken: the last booked day of the bookings in the way, and the first start from which the months fit. */
  bookedUntil: string | null;
  nextFreeDate: string | null;
}

/** Whether `months` from `start` overlap none of `booked`. */
export function checkPeriod(booked: readonly BookedPeriod[], start: string, months: number): PeriodCheck {
  const period = { start_date: start, end_date: bookingEndDate(start, months) };
  if (!booked.some((p) => periodsOverlap(p, period))) return { free: true, bookedUntil: null, nextFreeDate: null };
  const next = nextFreeStart(booked, start, months);
  return { free: false, bookedUntil: next.bookedUntil, nextFreeDate: next.start };
}
