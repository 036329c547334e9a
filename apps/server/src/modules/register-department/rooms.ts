import { and, asc, eq } from 'drizzle-orm';
import type { BookingRoom, PlatformKey } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { bookingRooms } from '../../db/schema/index.js';
import { checkPeriod, type BookedPeriod } from './availability.js';

type Row = typeof bookingRooms.$inferSelect;

/** A room as the public form reads it: its current and future booked periods (never who booked), and when a period was asked, whether it is free then. */
export const presentRoom = (
  r: Row,
  booked: readonly BookedPeriod[],
  period: { start_date: string; months: number } | null,
): BookingRoom => {
  const check = period ? checkPeriod(booked, period.start_date, period.months) : null;
  return {
    id: r.id,
    name: r.name,
    name_en: r.nameEn,
    location: r.location,
    size_m2: r.sizeM2,
    price_per_month: r.pricePerMonth,
    booked: booked.map((p) => ({ start_date: p.start_date, end_date: p.end_date })),
    free: check ? check.free : null,
    booked_until: check?.bookedUntil ?? null,
    next_free_date: check?.nextFreeDate ?? null,
  };
};

const bookable = (platform: PlatformKey) => and(eq(bookingRooms.platform, platform), eq(bookingRooms.available, true));

/** The platform's rooms open to booking, in display order. */
export function listBookableRooms(db: Db | Tx, platform: PlatformKey): Promise<Row[]> {
  return db
    .select()
    .from(bookingRooms)
    .where(bookable(platform))
    .orderBy(asc(bookingRooms.position), asc(bookingRooms.id));
}

/** One room of the platform open to booking, or undefined (another platform's, or unavailable). */
export async function findBookableRoom(db: Db | Tx, platform: PlatformKey, id: number): Promise<Row | undefined> {
  const [room] = await db
    .select()
    .from(bookingRooms)
    .where(and(bookable(platform), eq(bookingRooms.id, id)))
    .limit(1);
  return room;
}

/**
 * Locks the room's row for the rest of the transaction and reads it again: registrations of one
 * room wait for each other here, so the second one sees the first one's booking (and a room made
 * unavailable or deleted meanwhile is no longer bookable). Undefined when it is no longer bookable.
 */
export async function lockBookableRoom(tx: Tx, platform: PlatformKey, id: number): Promise<Row | undefined> {
  const [room] = await tx
    .select()
    .from(bookingRooms)
    .where(and(bookable(platform), eq(bookingRooms.id, id)))
    .for('update');
  return room;
}
