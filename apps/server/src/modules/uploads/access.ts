import { and, eq } from 'drizzle-orm';
import { allows, isAdministrator, type AppSubject } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import {
  producerOems,
  purchaseOrders,
  serviceRequestNotes,
  uploads,
  userRegisterServices as urs,
} from '../../db/schema/index.js';
import type { UserRow } from '../../plugins/auth.js';

type UploadRow = typeof uploads.$inferSelect;

/** A staff member whose roles read `subject` in the back office (a producer's account never does). */
const staffReads = (user: UserRow, subject: AppSubject) => isAdministrator(user) && allows(user, 'read', subject);

/**
 * Whether `user` may read a private upload of its platform (ADR 033), decided from its owner record
 * on every request: a file in no record yet only by its uploader; a service request's files (and
 * its notes' files) by the request's producer and the staff who read service requests, an
 * internal note's by that staff only; a purchase order's or an OEM's by the staff who read those.
 */
export async function mayReadUpload(db: Db, user: UserRow, upload: UploadRow): Promise<boolean> {
  if (upload.visibility === 'public') return true;
  const { ownerId, platform } = upload;
  if (upload.ownerType === null || ownerId === null) return upload.userId === user.id;
  switch (upload.ownerType) {
    case 'service_request': {
      const [r] = await db
        .select({ producerId: urs.producerId })
        .from(urs)
        .where(and(eq(urs.id, ownerId), eq(urs.platform, platform)));
      return !!r && (user.producerId === r.producerId || staffReads(user, 'user_register_service'));
    }
    case 'service_request_note': {
      const [n] = await db
        .select({ producerId: urs.producerId, internal: serviceRequestNotes.internal })
        .from(serviceRequestNotes)
        .innerJoin(urs, eq(urs.id, serviceRequestNotes.requestId))
        .where(and(eq(serviceRequestNotes.id, ownerId), eq(urs.platform, platform)));
      if (!n) return false;
      return staffReads(user, 'user_register_service') || (!n.internal && user.producerId === n.producerId);
    }
    case 'purchase_order': {
      const [o] = await db
        .select({ id: purchaseOrders.id })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.id, ownerId), eq(purchaseOrders.platform, platform)));
      return !!o && staffReads(user, 'purchase_order');
    }
    case 'producer_oem': {
      const [o] = await db
        .select({ id: producerOems.id })
        .from(producerOems)
        .where(and(eq(producerOems.id, ownerId), eq(producerOems.platform, platform)));
      return !!o && staffReads(user, 'producer_oem');
    }
  }
}
