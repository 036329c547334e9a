import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  adminBookingRoomAnswer,
  adminBookingRoomsAnswer,
  bookingRoomBody,
  bookingRoomUpdateBody,
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  okEnvelope,
  translate,
  type AdminBookingRoom,
  type PlatformKey,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { bookingRooms } from '../../db/schema/index.js';
import { historyPage, recordActivity } from '../../lib/activity.js';
import { AppError, notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { bookedPeriods, type BookedPeriod } from './availability.js';

type Row = typeof bookingRooms.$inferSelect;

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const tags = ['admin booking rooms'];

function present(r: Row, booked: readonly BookedPeriod[]): AdminBookingRoom {
  const next = booked[0];
  return {
    id: r.id,
    name: r.name,
    name_en: r.nameEn,
    location: r.location,
    size_m2: r.sizeM2,
    price_per_month: r.pricePerMonth,
    available: r.available,
    position: r.position,
    bookings_count: booked.length,
    next_booking: next ? { request_id: next.request_id, start_date: next.start_date, end_date: next.end_date } : null,
    created_at: r.createdAt.toISOString(),
  };
}

async function presentOne(db: Db | Tx, platform: PlatformKey, row: Row): Promise<AdminBookingRoom> {
  const booked = await bookedPeriods(db, platform, [row.id]);
  return present(row, booked.get(row.id) ?? []);
}

function changes(body: z.output<typeof bookingRoomUpdateBody>): Partial<typeof bookingRooms.$inferInsert> {
  const set: Partial<typeof bookingRooms.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.name_en !== undefined) set.nameEn = body.name_en;
  if (body.location !== undefined) set.location = body.location;
  if (body.size_m2 !== undefined) set.sizeM2 = body.size_m2;
  if (body.price_per_month !== undefined) set.pricePerMonth = body.price_per_month;
  if (body.available !== undefined) set.available = body.available;
  if (body.position !== undefined) set.position = body.position;
  return set;
}

/** A column's name in the API (`pricePerMonth` → `price_per_month`, `sizeM2` → `size_m2`). */
const apiName = (column: string) => column.replace(/[A-Z0-9]+/g, (m) => `_${m.toLowerCase()}`);

/**
 * The edit as the history shows it (as the service catalogue's): `fields` the changed fields (API
 * names), `changes` each one's `[before, after]`; null when nothing changed.
 */
function diffOf(before: Row, set: Partial<typeof bookingRooms.$inferInsert>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(set)) {
    const old = before[key as keyof Row];
    if (old !== value) changes[apiName(key)] = [old, value];
  }
  const fields = Object.keys(changes);
  return fields.length ? { fields, changes } : null;
}

/**
 * The rooms admin (DESIGN §5.2): a platform's showroom and booth spaces with their bookings; on
 * every platform, scoped to it (another platform's room is not found). Reading needs `read` on
 * the service catalogue (`register_service`, the settings ability), writing `update`. A room
 * with a current or future booking cannot be deleted (409): it is made unavailable instead.
 * Every change is written to the activity log (subject `booking_room`).
 */
export default async function adminBookingRoomRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The platform's room, locked for the rest of the transaction; 404 otherwise. */
  async function lockRoom(tx: Tx, req: FastifyRequest, id: number): Promise<Row> {
    const [row] = await tx
      .select()
      .from(bookingRooms)
      .where(and(eq(bookingRooms.platform, req.platform), eq(bookingRooms.id, id)))
      .for('update');
    if (!row) throw notFound('booking_room_not_found');
    return row;
  }

  r.get(
    '/api/v1/admin/booking_rooms',
    {
      config: { access: 'admin', ability: ['read', 'register_service'] },
      schema: {
        tags,
        summary: "The platform's rooms, in display order, with their current and future bookings count and the next one",
        response: { 200: adminBookingRoomsAnswer, ...errors },
      },
    },
    async (req) => {
      const rows = await app.db
        .select()
        .from(bookingRooms)
        .where(eq(bookingRooms.platform, req.platform))
        .orderBy(asc(bookingRooms.position), asc(bookingRooms.id));
      const booked = await bookedPeriods(app.db, req.platform, rows.map((row) => row.id));
      return { data: { booking_rooms: rows.map((row) => present(row, booked.get(row.id) ?? [])) } };
    },
  );

  r.get(
    '/api/v1/admin/booking_rooms/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'register_service'] },
      schema: {
        tags,
        summary: "The room's history: created, edits (changed fields, before → after); newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ id: bookingRooms.id })
        .from(bookingRooms)
        .where(and(eq(bookingRooms.platform, req.platform), eq(bookingRooms.id, req.params.id)));
      if (!row) throw notFound('booking_room_not_found');
      return historyPage(app.db, 'booking_room', row.id, true, req.query);
    },
  );

  r.post(
    '/api/v1/admin/booking_rooms',
    {
      config: { access: 'admin', ability: ['update', 'register_service'] },
      schema: {
        tags,
        summary: 'Add a room (names vi/en, location, size m², monthly VND price, open to booking, position)',
        body: bookingRoomBody,
        response: { 201: adminBookingRoomAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(bookingRooms)
          .values({
            platform: req.platform,
            name: b.name,
            nameEn: b.name_en,
            location: b.location,
            sizeM2: b.size_m2,
            pricePerMonth: b.price_per_month,
            available: b.available,
            position: b.position,
          })
          .returning();
        await recordActivity(tx, {
          subjectType: 'booking_room',
          subjectId: created.id,
          platform: req.platform,
          actorId: currentUser(req).id,
          action: 'create',
          diff: { name: created.name, available: created.available },
        });
        return created;
      });
      reply.status(201);
      return {
        data: { booking_room: present(row, []) },
        meta: { message: translate(req.locale, 'booking_room_created') },
      };
    },
  );

  r.put(
    '/api/v1/admin/booking_rooms/:id',
    {
      config: { access: 'admin', ability: ['update', 'register_service'] },
      schema: {
        tags,
        summary: "Edit a room; its bookings keep the name and price they were made with",
        params: idParam,
        body: bookingRoomUpdateBody,
        response: { 200: adminBookingRoomAnswer, ...errors },
      },
    },
    async (req) => {
      const saved = await app.db.transaction(async (tx) => {
        const before = await lockRoom(tx, req, req.params.id);
        const set = changes(req.body);
        const diff = diffOf(before, set);
        if (!diff) return before;
        const [row] = await tx.update(bookingRooms).set(set).where(eq(bookingRooms.id, before.id)).returning();
        await recordActivity(tx, {
          subjectType: 'booking_room',
          subjectId: row.id,
          platform: req.platform,
          actorId: currentUser(req).id,
          action: 'update',
          diff,
        });
        return row;
      });
      return {
        data: { booking_room: await presentOne(app.db, req.platform, saved) },
        meta: { message: translate(req.locale, 'booking_room_updated') },
      };
    },
  );

  r.delete(
    '/api/v1/admin/booking_rooms/:id',
    {
      config: { access: 'admin', ability: ['update', 'register_service'] },
      schema: {
        tags,
        summary: 'Delete a room without a current or future booking (409 otherwise: make it unavailable instead)',
        params: idParam,
        response: { 200: okEnvelope, ...errors },
      },
    },
    async (req) => {
      await app.db.transaction(async (tx) => {
        // Locked: a registration of this room waits, then finds it gone.
        const row = await lockRoom(tx, req, req.params.id);
        const booked = (await bookedPeriods(tx, req.platform, [row.id])).get(row.id) ?? [];
        if (booked.length)
          throw new AppError(409, 'roomHasBookings', {
            room: req.locale === 'en' ? row.nameEn : row.name,
            count: booked.length,
          });
        await tx.delete(bookingRooms).where(eq(bookingRooms.id, row.id));
        await recordActivity(tx, {
          subjectType: 'booking_room',
          subjectId: row.id,
          platform: req.platform,
          actorId: currentUser(req).id,
          action: 'delete',
          diff: { name: row.name, name_en: row.nameEn, location: row.location },
        });
      });
      return { meta: { message: translate(req.locale, 'booking_room_deleted') } };
    },
  );
}
