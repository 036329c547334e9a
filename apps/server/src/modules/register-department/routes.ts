import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEPARTMENT_SERVICE_SLUG,
  GATES,
  PLATFORMS,
  bookingEndDate,
  bookingRoom,
  bookingRoomsQuery,
  errorEnvelope,
  privateFileUrl,
  registerDepartmentResponse,
  translate,
  type DepartmentBooking,
} from '@agrihub/contract';
import { categories, uploads, type StoredFile } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { storageKeyBase } from '../uploads/receive.js';
import { claimUploads } from '../uploads/resolve.js';
import { ACCOUNT_SETUP_TTL_HOURS, findOrCreateApplicant, type Applicant } from './account.js';
import { readDepartmentForm, validationFailed, type DepartmentForm } from './form.js';
import { createDepartmentRequest, findDepartmentService } from './request.js';
import { bookedPeriods, checkPeriod } from './availability.js';
import { findBookableRoom, listBookableRooms, lockBookableRoom, presentRoom } from './rooms.js';
import { acceptMultipart } from '../../plugins/multipart.js';

/**
 * Foodmap's department registration (DESIGN §5.2): GET /api/v1/booking_rooms and the public
 * multipart POST /api/v1/registrations/register_department.
 */
export default async function registerDepartmentRoutes(app: FastifyInstance) {
  await acceptMultipart(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/booking_rooms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['registrations'],
        summary: "The platform's showroom and booth spaces open to booking",
        description:
          'With `start_date` and `months`, each room tells whether it is free for that period and, when taken, until when and from which date the months fit.',
        querystring: bookingRoomsQuery,
        response: { 200: z.object({ data: z.object({ booking_rooms: z.array(bookingRoom) }) }), 422: errorEnvelope },
      },
    },
    async (req) => {
      const rooms = await listBookableRooms(app.db, req.platform);
      const booked = await bookedPeriods(app.db, req.platform, rooms.map((room) => room.id));
      const { start_date, months } = req.query;
      const period = start_date !== undefined && months !== undefined ? { start_date, months } : null;
      return { data: { booking_rooms: rooms.map((room) => presentRoom(room, booked.get(room.id) ?? [], period)) } };
    },
  );

  r.post(
    '/api/v1/registrations/register_department',
    {
      config: {
        access: 'public',
        // Foodmap's form (spec §2): elsewhere 403 feature_unavailable.
        gate: GATES.registerDepartment,
        rateLimit: {
          max: app.config.REGISTRATION_RATE_LIMIT_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (req: FastifyRequest) => `register-department:${req.ip}`,
        },
      },
      schema: {
        tags: ['registrations'],
        summary:
          'Register a department (business, documents, a room): creates the pending producer account when the e-mail has none, and a department-registration request',
        consumes: ['multipart/form-data'],
        response: { 201: registerDepartmentResponse, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (req, reply) => {
      const platform = req.platform;
      const form = await readDepartmentForm(req);
      const { fields } = form;

      const [room, category, service] = await Promise.all([
        findBookableRoom(app.db, platform, fields.room_id),
        app.db.select().from(categories).where(eq(categories.id, fields.category_id)).limit(1),
        findDepartmentService(app.db, platform, DEPARTMENT_SERVICE_SLUG),
      ]);
      const refused = [
        ...(category.length ? [] : [{ field: 'category_id', message: 'goodsCategoryUnknown' }]),
        ...(room ? [] : [{ field: 'room_id', message: 'roomUnavailable' }]),
      ];
      if (refused.length) throw validationFailed(refused);
      if (!service) throw new AppError(404, 'service_not_found');

      const booking: DepartmentBooking = {
        room_id: room!.id,
        room_name: room!.name,
        location: room!.location,
        size_m2: room!.sizeM2,
        price_per_month: room!.pricePerMonth,
        months: fields.months,
        start_date: fields.start_date,
        end_date: bookingEndDate(fields.start_date, fields.months),
        total: room!.pricePerMonth * fields.months,
      };
      const requestForm = {
        contact_name: fields.representative,
        phone: fields.phone,
        email: fields.email,
        company: fields.business_name,
        address: fields.address ?? null,
        note: fields.note ?? null,
        fields: {
          tax_code: fields.tax_code,
          representative: fields.representative,
          province_code: fields.province_code,
          producer_type: fields.producer_type,
          category_id: String(category[0].id),
          category: category[0].name,
        },
      };

      const stored = await storeDocuments(platform, form);
      const register = () =>
        app.events.transaction(async (tx, emit) => {
          // The room's row lock makes two registrations of one room take turns: the second sees the first's booking.
          const locked = await lockBookableRoom(tx, platform, booking.room_id);
          if (!locked) throw validationFailed([{ field: 'room_id', message: 'roomUnavailable' }]);
          const taken = (await bookedPeriods(tx, platform, [locked.id], booking.start_date)).get(locked.id) ?? [];
          const check = checkPeriod(taken, booking.start_date, booking.months);
          if (!check.free) {
            const params = {
              room: req.locale === 'en' ? locked.nameEn : locked.name,
              until: displayDate(check.bookedUntil!),
              date: displayDate(check.nextFreeDate!),
            };
            throw new AppError(409, 'roomBooked', params, [{ field: 'room_id', message: 'roomBooked' }]);
          }
          const applicant = await findOrCreateApplicant(tx, platform, fields, req.locale);
          if (applicant.kind === 'unusable') return applicant;
          const files: StoredFile[] = [];
          for (const doc of stored) {
            const [row] = await tx
              .insert(uploads)
              .values({
                platform,
                userId: applicant.userId,
                kind: 'attachment',
                storageKey: doc.key,
                thumbnailKey: null,
                contentType: doc.mime,
                byteSize: doc.size,
                filename: doc.filename,
              })
              .returning({ id: uploads.id });
            files.push({ id: row.id, url: privateFileUrl(row.id), filename: doc.filename, content_type: doc.mime });
          }
          const requestId = await createDepartmentRequest(tx, {
            platform,
            service,
            producerId: applicant.producerId,
            userId: applicant.userId,
            form: requestForm,
            attachments: files,
            booking,
          });
          // The documents are private to the request (ADR 033).
          await claimUploads(
            tx,
            files.map((f) => f.id),
            { type: 'service_request', id: requestId },
          );
          // The platform's admins and customer support hear of it once it has committed.
          emit({ type: 'department_registration.received', platform, requestId });
          return applicant;
        });
      let applicant: Applicant;
      try {
        // Two registrations of one new e-mail at once: the second finds the account the first made.
        applicant = await register().catch((err) => {
          if (isUniqueViolation(err, 'users_platform_email_uq')) return register();
          throw err;
        });
      } catch (err) {
        await Promise.all(stored.map((d) => app.storage.remove(d.key)));
        throw err;
      }
      if (applicant.kind === 'unusable') {
        // A staff account's e-mail: nothing is attached to it, and the answer does not tell.
        await Promise.all(stored.map((d) => app.storage.remove(d.key)));
        req.log.warn({ userId: applicant.userId }, 'department registration with a staff or producer-less e-mail');
      } else {
        await mailApplicant(req, applicant, fields.email, fields.business_name, booking);
      }
      reply.status(201);
      return { data: { booking }, meta: { message: translate(req.locale, 'department_registered') } };
    },
  );

  /** YYYY-MM-DD as the form shows it (dd/mm/yyyy). */
  const displayDate = (d: string) => d.split('-').reverse().join('/');

  interface StoredDocument {
    key: string;
    mime: string;
    size: number;
    filename: string;
  }

  async function storeDocuments(platform: string, form: DepartmentForm): Promise<StoredDocument[]> {
    const stored: StoredDocument[] = [];
    try {
      for (const doc of form.documents) {
        const key = `${storageKeyBase(platform)}.${doc.type.ext}`;
        await app.storage.put(key, doc.buffer);
        stored.push({ key, mime: doc.type.mime, size: doc.buffer.length, filename: doc.filename });
      }
    } catch (err) {
      await Promise.all(stored.map((d) => app.storage.remove(d.key)));
      throw err;
    }
    return stored;
  }

  /** The new account's "choose your password" link, or a receipt to the existing account's address. */
  async function mailApplicant(
    req: FastifyRequest,
    applicant: Exclude<Applicant, { kind: 'unusable' }>,
    email: string,
    business: string,
    booking: DepartmentBooking,
  ) {
    const base = publicBaseUrl(req, app.config);
    const params = {
      name: applicant.name,
      email,
      business,
      platform: PLATFORMS[req.platform].name,
      room: booking.room_name,
      months: booking.months,
      start: booking.start_date.split('-').reverse().join('/'),
      hours: ACCOUNT_SETUP_TTL_HOURS,
      link: applicant.kind === 'created' ? `${base}/reset?token=${applicant.setupToken}` : `${base}/services`,
    };
    const kind = applicant.kind === 'created' ? 'department_account_mail' : 'department_request_mail';
    try {
      await app.sendMail({
        platform: req.platform,
        to: email,
        subject: translate(applicant.locale, `${kind}_subject`, params),
        text: translate(applicant.locale, `${kind}_body`, params),
      });
      app.mailQueue.kick();
    } catch (err) {
      // The registration is saved; the account's owner can still ask for a reset link.
      req.log.error({ err }, 'department registration mail could not be queued');
    }
  }
}
