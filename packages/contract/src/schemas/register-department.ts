import { z } from 'zod';
import { PRODUCER_TYPES, TAX_CODE_PATTERN } from '../constants.js';
import { PROVINCE_CODES } from '../geo.js';
import { LOCALES } from '../platforms.js';
import { todayInVietnam } from '../vietnam-time.js';
import { SERVICE_SLUGS } from './services.js';
import { dateField, emailField, idText, textField } from './common.js';
import { phoneField } from '../phone.js';

/**
 * Foodmap's department registration (DESIGN §5.2, spec §2 /register-department, §7
 * POST /registrations/register_department multipart and GET /booking_rooms).
 */

/** The service whose request a department registration creates (short flow). */
export const DEPARTMENT_SERVICE_SLUG = SERVICE_SLUGS.departmentRegistration;
/** Documents per registration (business licence, food-safety certificate…); each ≤ ATTACHMENT_MAX_BYTES. */
export const DEPARTMENT_MAX_DOCUMENTS = 5;
export const BOOKING_MIN_MONTHS = 1;
export const BOOKING_MAX_MONTHS = 36;

/** GET /api/v1/booking_rooms: one bookable showroom or booth space. */
export const bookingRoom = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  location: z.string(),
  size_m2: z.number().int(),
  /** Whole VND per month. */
  price_per_month: z.number().int(),
  /** Its current and future bookings (not cancelled), by start date; who booked is never told. */
  booked: z.array(z.object({ start_date: z.string(), end_date: z.string() })),
  /** Free for the period asked (`start_date` + `months`), null when no period was asked. */
  free: z.boolean().nullable(),
  /** Taken for the period asked: the last booked day of the bookings in the way, and the first start from which `months` fit. */
  booked_until: z.string().nullable(),
  next_free_date: z.string().nullable(),
});
export type BookingRoom = z.infer<typeof bookingRoom>;

/** GET /api/v1/booking_rooms?start_date=&months=: the period to check (both or neither). */
export const bookingRoomsQuery = z
  .object({
    start_date: textField().pipe(dateField('invalidDate')).optional(),
    months: z.coerce
      .number({ error: 'invalidBookingMonths' })
      .int({ error: 'invalidBookingMonths', abort: true })
      .min(BOOKING_MIN_MONTHS, { error: 'invalidBookingMonths', abort: true })
      .max(BOOKING_MAX_MONTHS, 'invalidBookingMonths')
      .optional(),
  })
  .refine((q) => (q.start_date === undefined) === (q.months === undefined), {
    message: 'bookingPeriodIncomplete',
    path: ['months'],
  });

/** The booking a department-registration request carries (copied from the room when registered). */
export const departmentBooking = z.object({
  room_id: z.number().int(),
  room_name: z.string(),
  location: z.string(),
  size_m2: z.number().int(),
  price_per_month: z.number().int(),
  months: z.number().int(),
  start_date: z.string(),
  /** The last day booked (start + months − 1 day). */
  end_date: z.string(),
  /** price_per_month × months, VND. */
  total: z.number().int(),
});
export type DepartmentBooking = z.infer<typeof departmentBooking>;

/** A form field left empty arrives as ''; it means "not given". */
const blankToUndefined = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/**
 * The text fields of the multipart form (files go in the repeated part `documents`). Numbers come
 * as text; the tax code follows TAX_CODE_PATTERN, as on the producer's business information.
 */
export const registerDepartmentFields = z.object({
  business_name: blankToUndefined(
    textField({ error: 'pleaseInputBusinessName' }).trim().min(1, 'pleaseInputBusinessName').max(200, 'tooLong'),
  ),
  producer_type: blankToUndefined(z.enum(PRODUCER_TYPES, { error: 'invalidProducerType' }).default('enterprise')),
  tax_code: blankToUndefined(
    textField({ error: 'pleaseInputTaxCode' }).trim().regex(TAX_CODE_PATTERN, 'invalidTaxCode'),
  ),
  representative: blankToUndefined(
    textField({ error: 'pleaseInputRepresentative' }).trim().min(1, 'pleaseInputRepresentative').max(120, 'tooLong'),
  ),
  phone: blankToUndefined(z.string({ error: 'pleaseInputPhone' }).pipe(phoneField)),
  email: blankToUndefined(emailField),
  province_code: blankToUndefined(
    textField({ error: 'pleaseSelectProvince' }).refine((c) => PROVINCE_CODES.includes(c), 'invalidProvince'),
  ),
  address: blankToUndefined(textField().trim().max(300, 'tooLong').optional()),
  category_id: blankToUndefined(idText('pleaseSelectGoodsCategory')),
  room_id: blankToUndefined(idText('pleaseSelectRoom')),
  months: blankToUndefined(
    z.coerce
      .number({ error: 'invalidBookingMonths' })
      .int({ error: 'invalidBookingMonths', abort: true })
      .min(BOOKING_MIN_MONTHS, { error: 'invalidBookingMonths', abort: true })
      .max(BOOKING_MAX_MONTHS, 'invalidBookingMonths'),
  ),
  start_date: blankToUndefined(
    z
      .string({ error: 'pleaseInputStartDate' })
      .pipe(dateField('invalidDate'))
      .refine((d) => d >= todayInVietnam(), 'startDateInPast'),
  ),
  note: blankToUndefined(textField().trim().max(2000, 'tooLong').optional()),
  locale: blankToUndefined(z.enum(LOCALES, { error: 'invalidLocale' }).optional()),
});
export type RegisterDepartmentFields = z.infer<typeof registerDepartmentFields>;

/** 201 answer: the same whether or not the e-mail already had an account (nothing is revealed). */
export const registerDepartmentResponse = z.object({
  data: z.object({ booking: departmentBooking }),
  meta: z.object({ message: z.string() }),
});

/** `start_date` + `months` − 1 day, as YYYY-MM-DD (calendar months; 31 Jan + 1 month ends 28/29 Feb). */
export function bookingEndDate(startDate: string, months: number): string {
  const [y, m, d] = startDate.split('-').map(Number);
  const targetMonth = m - 1 + months;
  const lastDay = new Date(Date.UTC(y, targetMonth + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(y, targetMonth, Math.min(d, lastDay)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addCalendarDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Two booked periods (inclusive YYYY-MM-DD bounds) share a day; a period starting the day after another ends does not. */
export function periodsOverlap(a: { start_date: string; end_date: string }, b: { start_date: string; end_date: string }): boolean {
  return a.start_date <= b.end_date && b.start_date <= a.end_date;
}

/**
 * The first start, from `start`, at which `months` of booking overlap none of `booked`, and the
 * last booked day of the bookings that were in the way (null when `start` itself is free).
 */
export function nextFreeStart(
  booked: readonly { start_date: string; end_date: string }[],
  start: string,
  months: number,
): { start: string; bookedUntil: string | null } {
  let candidate = start;
  let bookedUntil: string | null = null;
  for (;;) {
    const period = { start_date: candidate, end_date: bookingEndDate(candidate, months) };
    const hits = booked.filter((b) => periodsOverlap(b, period));
    if (!hits.length) return { start: candidate, bookedUntil };
    bookedUntil = hits.reduce((m, b) => (b.end_date > m ? b.end_date : m), hits[0].end_date);
    candidate = addCalendarDays(bookedUntil, 1);
  }
}
