import { and, asc, eq } from 'drizzle-orm';
import type { BookingRoom, PlatformKey } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { bookingRooms } from '../../db/schema/index.js';

type Row = typeof bookingRooms.$inferSelect;

export const presentRoom = (r: Row): BookingRoom => ({
  id: r.id,
  name: r.name,
  name_en: r.nameEn,
  location: r.location,
  size_m2: r.sizeM2,
  price_per_month: r.pricePerMonth,
});

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
