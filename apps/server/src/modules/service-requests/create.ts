import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  requestStatusOf,
  serviceFormValues,
  validateServiceForm,
  type Locale,
  type ServiceRequestForm,
  type ServiceRequestState,
  type ServiceRequestStatus,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { registerServices, userRegisterServices, type StoredFile } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { AppError } from '../../lib/errors.js';
import { stepDueAt, type RequestRow } from './workflow.js';

export type ServiceRow = typeof registerServices.$inferSelect;

/** The platform's service `slug` (404 service_not_found). */
export async function serviceBySlug(tx: Tx, platform: string, slug: string): Promise<ServiceRow> {
  const [service] = await tx
    .select()
    .from(registerServices)
    .where(and(eq(registerServices.platform, platform), eq(registerServices.slug, slug)))
    .limit(1);
  if (!service) throw new AppError(404, 'service_not_found');
  return service;
}

/**
 * The answers of a request form checked against its service's fields (the contract's
 * validateServiceForm, the same check as the web form): 422 service_form_invalid naming each
 * refused field (`form.fields.<key>`) in the caller's language. Returns the form with its answers
 * as stored (trimmed text, numbers as numbers, blanks left out).
 */
export function checkServiceForm(service: ServiceRow, form: ServiceRequestForm, locale: Locale): ServiceRequestForm {
  const errors = validateServiceForm(service.formFields, form.fields, locale);
  const wrong = Object.entries(errors);
  if (wrong.length) {
    throw new AppError(
      422,
      'service_form_invalid',
      { message: wrong[0][1] },
      wrong.map(([key, message]) => ({ field: `form.fields.${key}`, message })),
    );
  }
  const fields = serviceFormValues(service.formFields, form.fields);
  const { fields: _sent, ...rest } = form;
  return Object.keys(fields).length ? { ...rest, fields } : rest;
}

export interface NewRequest {
  platform: string;
  producerId: number;
  userId: number | null;
  service: ServiceRow;
  form: ServiceRequestForm | Record<string, unknown>;
  attachments: StoredFile[];
  booking?: Record<string, unknown> | null;
}

/**
 * A producer's request of a service (DESIGN §5.2), inside the caller's transaction: refused when
 * the service takes no registrations (409 service_unavailable) or the producer already has one of
 * it in progress — or, for a free service, at all (409 service_already_requested). A free service
 * (type 0) is registered at once: its request starts `done`; a paid one at `fill_info`.
 */
export async function createServiceRequest(tx: Tx, n: NewRequest, locale: Locale): Promise<RequestRow> {
  const { service } = n;
  if (!service.available) throw new AppError(409, 'service_unavailable');
  // One registration at a time per producer and service (a second submit waits for the first).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`urs:${n.producerId}:${service.id}`}, 0))`);
  // A request in progress blocks a new one; a free service's done request too (it stays registered).
  const blocking: ServiceRequestStatus[] = service.type === 0 ? ['pending', 'processing', 'approved'] : ['pending', 'processing'];
  const [existing] = await tx
    .select({ id: userRegisterServices.id })
    .from(userRegisterServices)
    .where(
      and(
        eq(userRegisterServices.producerId, n.producerId),
        eq(userRegisterServices.serviceId, service.id),
        inArray(userRegisterServices.status, blocking),
      ),
    )
    .limit(1);
  if (existing) {
    throw new AppError(409, 'service_already_requested', {
      service: locale === 'en' ? service.titleEn : service.titleVi,
    });
  }
  const step: ServiceRequestState = service.type === 0 ? 'done' : 'fill_info';
  const now = new Date();
  const [row] = await tx
    .insert(userRegisterServices)
    .values({
      platform: n.platform,
      producerId: n.producerId,
      userId: n.userId,
      serviceId: service.id,
      step,
      status: requestStatusOf(step),
      form: n.form as Record<string, unknown>,
      attachments: n.attachments,
      booking: n.booking ?? null,
      stepDueAt: stepDueAt(service.targetDays, step, now),
      createdAt: now,
      updatedAt: now,
      stepChangedAt: now,
    })
    .returning();
  await recordActivity(tx, {
    subjectType: 'service_request',
    subjectId: row.id,
    platform: n.platform,
    actorId: n.userId,
    action: 'register',
    to: step,
    diff: { service: service.slug },
  });
  return row;
}
