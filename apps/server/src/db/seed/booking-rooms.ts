import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { bookingRooms } from '../schema/index.js';

type Room = Omit<typeof bookingRooms.$inferInsert, 'platform' | 'position'>;

/** Foodmap's showroom and booth spaces offered with a department registration (prices in VND a month). */
export const FOODMAP_ROOMS: Room[] = [
  {
    name: 'Gian hàng tiêu chuẩn A1',
    nameEn: 'Standard booth A1',
    location: 'Tầng 1, Trung tâm trưng bày Foodmap, 12 Nguyễn Văn Bảo, Gò Vấp, TP. Hồ Chí Minh',
    sizeM2: 9,
    pricePerMonth: 3_500_000,
  },
  {
    name: 'Gian hàng góc A5',
    nameEn: 'Corner booth A5',
    location: 'Tầng 1, Trung tâm trưng bày Foodmap, 12 Nguyễn Văn Bảo, Gò Vấp, TP. Hồ Chí Minh',
    sizeM2: 12,
    pricePerMonth: 5_200_000,
  },
  {
    name: 'Phòng trưng bày đặc sản vùng miền B2',
    nameEn: 'Regional specialities showroom B2',
    location: 'Tầng 2, Trung tâm trưng bày Foodmap, 12 Nguyễn Văn Bảo, Gò Vấp, TP. Hồ Chí Minh',
    sizeM2: 24,
    pricePerMonth: 9_800_000,
  },
  {
    name: 'Gian hàng nông sản sạch HN-03',
    nameEn: 'Clean produce booth HN-03',
    location: 'Khu trưng bày Foodmap Hà Nội, 25 Trần Duy Hưng, Cầu Giấy, Hà Nội',
    sizeM2: 10,
    pricePerMonth: 4_000_000,
  },
  {
    name: 'Kho lạnh trưng bày thủy sản HN-07',
    nameEn: 'Chilled seafood display HN-07',
    location: 'Khu trưng bày Foodmap Hà Nội, 25 Trần Duy Hưng, Cầu Giấy, Hà Nội',
    sizeM2: 16,
    pricePerMonth: 7_500_000,
  },
];

/** Idempotent: a room already there (by platform and name) is left as an admin may have changed it. */
export async function seedBookingRooms(db: Db): Promise<void> {
  for (const [position, room] of FOODMAP_ROOMS.entries()) {
    const [has] = await db
      .select({ id: bookingRooms.id })
      .from(bookingRooms)
      .where(and(eq(bookingRooms.platform, 'foodmap'), eq(bookingRooms.name, room.name)))
      .limit(1);
    if (!has) await db.insert(bookingRooms).values({ ...room, platform: 'foodmap', position });
  }
}
