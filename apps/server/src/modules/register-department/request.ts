import { and, eq } from 'drizzle-orm';
import { requestStatusOf, type DepartmentBooking, type PlatformKey, type ServiceRequestState } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { registerServices, userRegisterServices, type StoredFile } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { stepDueAt } from '../service-requests/workflow.js';

type Service = typeof registerServices.$inferSelect;

/** The platform's `department-registration` service when it is offered. */
export async function findDepartmentService(db: Db | Tx, platform: PlatformKey, slug: string): Promise<Service | undefined> {
  const [service] = await db
    .select()
    .from(registerServices)
    .where(and(eq(registerServices.platform, platform), eq(registerServices.slug, slug), eq(registerServices.available, true)))
    .limit(1);
  return service;
}

export interface DepartmentRequest {
  platform: PlatformKey;
  service: Service;
  producerId: number;
  userId: number;
  form: Record<string, unknown>;
  attachments: StoredFile[];
  booking: DepartmentBooking;
}

/**
 * The request of a department registration: created in `fill_info` with the form, documents and
 * booking, then submitted at once (the owner's own move fill_info → advice in the short flow, as
 * the form is complete); two history rows, so the back office sees who created and submitted it.
 * Unlike modules/service-requests' createServiceRequest, a request in progress does not refuse a
 * new one: a producer may book several rooms, and a public form must not tell whether an e-mail
 * already has requests.
 */
export async function createDepartmentRequest(tx: Tx, r: DepartmentRequest): Promise<number> {
  const first: ServiceRequestState = 'fill_info';
  const next: ServiceRequestState = 'advice';
  const now = new Date();
  const [row] = await tx
    .insert(userRegisterServices)
    .values({
      platform: r.platform,
      producerId: r.producerId,
      userId: r.userId,
      serviceId: r.service.id,
      step: next,
      status: requestStatusOf(next),
      form: r.form,
      attachments: r.attachments,
      booking: r.booking,
      stepDueAt: stepDueAt(r.service.targetDays, next, now),
      stepChangedAt: now,
    })
    .returning({ id: userRegisterServices.id });
  const base = { subjectType: 'service_request' as const, subjectId: row.id, platform: r.platform, actorId: r.userId };
  // The actions of modules/service-requests: registered, then advanced by its owner.
  await recordActivity(tx, { ...base, action: 'register', to: first, diff: { service: r.service.slug } });
  await recordActivity(tx, { ...base, action: 'advance', from: first, to: next, diff: { step: next } });
  return row.id;
}
