import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Showroom and booth spaces a producer books with a department registration (DESIGN §5.2,
 * Foodmap's register-department form; spec §7 GET /booking_rooms). Prices are whole VND a month.
 */
export const bookingRooms = pgTable(
  'booking_rooms',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    location: text('location').notNull(),
    sizeM2: integer('size_m2').notNull(),
    pricePerMonth: bigint('price_per_month', { mode: 'number' }).notNull(),
    available: boolean('available').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('booking_rooms_platform_idx').on(t.platform, t.available, t.position)],
);
