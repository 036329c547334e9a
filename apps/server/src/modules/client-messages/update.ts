import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { LEAD_STATUSES, isAdministrator, type adminClientMessageUpdate } from '@agrihub/contract';
import { clientMessageNotes, clientMessages, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { transitionIn, type TransitionActor } from '../../lib/transition.js';
import { leadWorkflow } from './workflow.js';

type Body = z.output<typeof adminClientMessageUpdate>;

/**
 * A staff update of one lead (PUT /api/v1/admin/messages/{id}), all in one transaction: the row is
 * locked on the platform (404 off it), the move goes through the lead machine (409 naming the
 * allowed moves, 422 going back without a reason), then the assignment (an administrator of the
 * platform, else 422) and the note, each with its history row. Any refusal writes nothing.
 */
export async function applyLeadUpdate(app: FastifyInstance, actor: TransitionActor, id: number, body: Body) {
  const platform = actor.platform;
  await app.events.transaction(async (tx, emit) => {
    const [row] = await tx
      .select()
      .from(clientMessages)
      .where(and(eq(clientMessages.id, id), eq(clientMessages.platform, platform)))
      .limit(1)
      .for('update');
    if (!row) throw notFound();
    if (body.move) {
      const to = body.move.to;
      await transitionIn(tx, emit, leadWorkflow, {
        id,
        to,
        actor,
        // Named as the other flows' moves are in the history: forward, or back with its reason.
        action: (from) => (LEAD_STATUSES.indexOf(to) > LEAD_STATUSES.indexOf(from) ? 'advance' : 'send_back'),
        reason: body.move.reason ?? null,
      });
    }
    if (body.assign && body.assign.assignee_id !== row.assigneeId) {
      const assigneeId = body.assign.assignee_id;
      if (assigneeId !== null) {
        const [u] = await tx
          .select({ roles: users.roles })
          .from(users)
          .where(and(eq(users.id, assigneeId), eq(users.platform, platform)))
          .limit(1);
        if (!u || !isAdministrator(u)) throw unprocessable('invalidAssignee', {}, 'assign.assignee_id');
      }
      await tx.update(clientMessages).set({ assigneeId, updatedAt: new Date() }).where(eq(clientMessages.id, id));
      await recordActivity(tx, {
        subjectType: 'client_message',
        subjectId: id,
        platform,
        actorId: actor.user.id,
        action: 'assign',
        diff: { assignee_id: assigneeId, previous_assignee_id: row.assigneeId },
      });
    }
    if (body.note) {
      const [note] = await tx
        .insert(clientMessageNotes)
        .values({ messageId: id, authorId: actor.user.id, body: body.note.body })
        .returning({ id: clientMessageNotes.id });
      await tx.update(clientMessages).set({ updatedAt: new Date() }).where(eq(clientMessages.id, id));
      await recordActivity(tx, {
        subjectType: 'client_message',
        subjectId: id,
        platform,
        actorId: actor.user.id,
        action: 'note',
        note: body.note.body,
        diff: { note_id: note.id },
      });
    }
  });
}
