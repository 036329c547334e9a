import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isAdministrator, type adminServiceRequestUpdate, type PlatformKey } from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { serviceRequestNotes, userRegisterServices as urs, users, type StoredFile } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import type { TransitionActor } from '../../lib/transition.js';
import { claimUploads, pickUpload, privateTo, resolveStaffUploads, storedFile } from '../uploads/resolve.js';
import { assertUnlocked, moveRequestIn } from './workflow.js';

type Body = z.output<typeof adminServiceRequestUpdate>;

/** 422 invalidAssignee unless `id` is an administrator (a user with a role) of the platform. */
async function assertAssignable(tx: Tx, platform: PlatformKey, id: number | null) {
  if (id === null) return;
  const [u] = await tx
    .select({ roles: users.roles })
    .from(users)
    .where(and(eq(users.id, id), eq(users.platform, platform)))
    .limit(1);
  if (!u || !isAdministrator(u)) throw unprocessable('invalidAssignee', {}, 'assign.assignee_id');
}

/**
 * The files of a staff note: private files the staff member uploaded on the platform (POST
 * /api/v1/attachments) and put in no record yet, in the order named; 422 on the first that is not.
 */
async function staffFiles(app: FastifyInstance, tx: Tx, actor: TransitionActor, ids: number[]): Promise<StoredFile[]> {
  const scope = { platform: actor.platform, userId: actor.user.id };
  const found = await resolveStaffUploads(tx, app.storage, scope, ids, privateTo());
  return ids.map((id, i) => storedFile(pickUpload(found, id, `note.attachments.${i}`)));
}

/** The request locked for the change (404 off the platform, 423 when locked). */
async function lockedRow(tx: Tx, platform: PlatformKey, id: number) {
  const [row] = await tx
    .select()
    .from(urs)
    .where(and(eq(urs.id, id), eq(urs.platform, platform)))
    .limit(1)
    .for('update');
  if (!row) throw notFound();
  assertUnlocked(row);
  return row;
}

/**
 * A staff update of one request (PUT /api/v1/admin/user_register_services/{id}), all or nothing in
 * one transaction: the request is locked (404 off the platform, 423 when locked), the move goes
 * through the flow's table with the actor's roles (moveRequestIn), then the assignment (422 unless
 * an administrator of the platform) and the note (422 on a file the actor did not upload) are
 * written with their history. Any refusal rolls the whole update back, the move included; the
 * domain events are published once it has committed. An assignee other than the actor is told
 * (service_request.assigned). A visible note tells the producer
 * (service_request.note_added); an internal one tells nobody.
 */
export async function applyStaffUpdate(app: FastifyInstance, actor: TransitionActor, id: number, body: Body) {
  const platform = actor.platform;
  await app.events.transaction(async (tx, emit) => {
    // Nothing is written on a locked request nor one of another platform, whatever the body holds.
    const row = await lockedRow(tx, platform, id);
    if (body.move) {
      await moveRequestIn(tx, emit, {
        id,
        to: body.move.to,
        actor,
        reason: body.move.reason ?? null,
        internal: body.move.internal ?? false,
      });
    }
    if (body.assign) await assertAssignable(tx, platform, body.assign.assignee_id);
    const files = body.note ? await staffFiles(app, tx, actor, body.note.attachments) : [];
    if (body.assign && body.assign.assignee_id !== row.assigneeId) {
      await tx
        .update(urs)
        .set({ assigneeId: body.assign.assignee_id, updatedAt: new Date() })
        .where(eq(urs.id, id));
      await recordActivity(tx, {
        subjectType: 'service_request',
        subjectId: id,
        platform,
        actorId: actor.user.id,
        action: 'assign',
        internal: true,
        diff: { assignee_id: body.assign.assignee_id, previous_assignee_id: row.assigneeId },
      });
      const assigneeId = body.assign.assignee_id;
      if (assigneeId !== null && assigneeId !== actor.user.id) {
        emit({ type: 'service_request.assigned', platform, requestId: id, assigneeId, actorId: actor.user.id });
      }
    }
    if (body.note) {
      const [note] = await tx
        .insert(serviceRequestNotes)
        .values({ requestId: id, authorId: actor.user.id, body: body.note.body, internal: body.note.internal, attachments: files })
        .returning({ id: serviceRequestNotes.id });
      await claimUploads(tx, body.note.attachments, { type: 'service_request_note', id: note.id });
      await tx.update(urs).set({ updatedAt: new Date() }).where(eq(urs.id, id));
      await recordActivity(tx, {
        subjectType: 'service_request',
        subjectId: id,
        platform,
        actorId: actor.user.id,
        action: 'note',
        internal: body.note.internal,
        diff: { note_id: note.id, files: files.length },
      });
      if (!body.note.internal) {
        emit({
          type: 'service_request.note_added',
          platform,
          requestId: id,
          producerId: row.producerId,
          noteId: note.id,
          actorId: actor.user.id,
          byProducer: false,
        });
      }
    }
  });
}
