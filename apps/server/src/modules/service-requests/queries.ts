import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EDITABLE_REQUEST_STEPS,
  allowedMoves,
  requestStepsOf,
  serviceMachineOf,
  type Locale,
  type RequestFile,
  type ServiceRequest,
  type ServiceFormField,
  type ServiceRequestNote,
  type WorkflowActor,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  producers,
  registerServices,
  serviceRequestNotes,
  userRegisterServices,
  users,
  type StoredFile,
} from '../../db/schema/index.js';
import { isOverdue, type RequestRow } from './workflow.js';

const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');

const columns = {
  request: userRegisterServices,
  service: {
    id: registerServices.id,
    slug: registerServices.slug,
    titleVi: registerServices.titleVi,
    titleEn: registerServices.titleEn,
    type: registerServices.type,
    icon: registerServices.icon,
    formFields: registerServices.formFields,
  },
  producerName: producers.name,
  creatorName: creator.name,
  assigneeName: assignee.name,
};

/** A request with the names its answer shows (service, producer, creator, assignee). */
export type RequestView = {
  request: RequestRow;
  service: {
    id: number;
    slug: string;
    titleVi: string;
    titleEn: string;
    type: number;
    icon: string;
    formFields: ServiceFormField[];
  };
  producerName: string;
  creatorName: string | null;
  assigneeName: string | null;
};

function joined(db: Db | Tx) {
  return db
    .select(columns)
    .from(userRegisterServices)
    .innerJoin(registerServices, eq(registerServices.id, userRegisterServices.serviceId))
    .innerJoin(producers, eq(producers.id, userRegisterServices.producerId))
    .leftJoin(creator, eq(creator.id, userRegisterServices.userId))
    .leftJoin(assignee, eq(assignee.id, userRegisterServices.assigneeId));
}

/** One page of requests matching `where` (conditions on user_register_services, register_services, producers). */
export async function findRequests(
  db: Db | Tx,
  where: SQL | undefined,
  page: { orderBy: SQL[]; limit: number; offset: number },
): Promise<{ views: RequestView[]; total: number }> {
  const views = await joined(db)
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(userRegisterServices)
    .innerJoin(registerServices, eq(registerServices.id, userRegisterServices.serviceId))
    .innerJoin(producers, eq(producers.id, userRegisterServices.producerId))
    .where(where);
  return { views, total: Number(n) };
}

/** One request by id within `scope` (platform, and the producer on a producer's call), or undefined. */
export async function findRequest(db: Db | Tx, id: number, scope: SQL): Promise<RequestView | undefined> {
  const [view] = await joined(db)
    .where(and(eq(userRegisterServices.id, id), scope))
    .limit(1);
  return view;
}

/** The notes of a request, oldest first; internal ones only for the back office. */
export async function findNotes(db: Db | Tx, requestId: number, includeInternal: boolean): Promise<ServiceRequestNote[]> {
  const rows = await db
    .select({ note: serviceRequestNotes, name: users.name, roles: users.roles })
    .from(serviceRequestNotes)
    .leftJoin(users, eq(users.id, serviceRequestNotes.authorId))
    .where(
      and(
        eq(serviceRequestNotes.requestId, requestId),
        includeInternal ? undefined : eq(serviceRequestNotes.internal, false),
      ),
    )
    .orderBy(asc(serviceRequestNotes.createdAt), asc(serviceRequestNotes.id));
  return rows.map(({ note, name, roles }) => presentNote(note, name === null ? null : { name, roles: roles ?? [] }));
}

export function presentNote(
  note: typeof serviceRequestNotes.$inferSelect,
  author: { name: string; roles: string[] } | null,
): ServiceRequestNote {
  return {
    id: note.id,
    body: note.body,
    internal: note.internal,
    attachments: note.attachments.map(presentFile),
    author: note.authorId && author ? { id: note.authorId, name: author.name, staff: author.roles.length > 0 } : null,
    created_at: note.createdAt.toISOString(),
  };
}

export function presentFile(f: StoredFile): RequestFile {
  return { id: f.id, url: f.url, filename: f.filename ?? '', content_type: f.content_type ?? '' };
}

export interface PresentOptions {
  locale: Locale;
  /** Who reads: the moves offered are this actor's (as the owner on the producer's side). */
  viewer: WorkflowActor;
  /** The notes to show (already filtered for the reader); omitted in lists. */
  notes?: ServiceRequestNote[];
  now?: Date;
}

/** A request as the API answers it (spec §3: id, status, registration_steps). */
export function presentRequest(v: RequestView, o: PresentOptions): ServiceRequest;
export function presentRequest(v: RequestView, o: Omit<PresentOptions, 'notes'>): Omit<ServiceRequest, 'notes'>;
export function presentRequest(v: RequestView, o: PresentOptions): ServiceRequest | Omit<ServiceRequest, 'notes'> {
  const r = v.request;
  const machine = serviceMachineOf(v.service.type);
  const locked = !!r.lockedAt;
  const moves = machine && !locked ? allowedMoves(machine, r.step, o.viewer) : [];
  const answer = {
    id: r.id,
    service: {
      id: v.service.id,
      slug: v.service.slug,
      title: o.locale === 'en' ? v.service.titleEn : v.service.titleVi,
      type: v.service.type,
      icon: v.service.icon,
      // The form's fields label the answers of one request (lists leave them out).
      ...(o.notes ? { form_fields: v.service.formFields } : {}),
    },
    producer: { id: r.producerId, name: v.producerName },
    user: r.userId ? { id: r.userId, name: v.creatorName ?? '' } : null,
    step: r.step,
    status: r.status,
    registration_steps: [...requestStepsOf(v.service.type)],
    form: r.form,
    attachments: r.attachments.map(presentFile),
    assignee: r.assigneeId ? { id: r.assigneeId, name: v.assigneeName ?? '' } : null,
    step_due_at: r.stepDueAt?.toISOString() ?? null,
    overdue: isOverdue(r, o.now),
    locked,
    locked_at: r.lockedAt?.toISOString() ?? null,
    cancel_reason: r.cancelReason,
    booking: r.booking ?? null,
    editable: !locked && !!machine && EDITABLE_REQUEST_STEPS.includes(r.step),
    allowed_moves: moves.map((m) => ({ to: m.to, reason: !!m.reason })),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    step_changed_at: r.stepChangedAt.toISOString(),
  };
  return o.notes ? { ...answer, notes: o.notes } : answer;
}
