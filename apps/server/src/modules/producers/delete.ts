import { and, count, eq, inArray, isNull, ne, or, isNotNull } from 'drizzle-orm';
import {
  privateFileUrl,
  producerWriteRefusal,
  translate,
  type Locale,
  type ProducerDeleteBlocker,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import {
  producers,
  products,
  productVariants,
  saleChannelReferences,
  serviceRequestNotes,
  traceabilities,
  uploads,
  userRegisterServices,
  users,
} from '../../db/schema/index.js';
import { deleteActivity, recordActivity } from '../../lib/activity.js';
import { AppError, notFound } from '../../lib/errors.js';
import { deactivateAccount } from '../admin-users/accounts.js';

export interface DeleteOutcome {
  deleted: { products: number; batches: number; uploads: number; users: number };
  /** Storage keys to remove once the transaction has committed. */
  freedKeys: string[];
}

/** Open service requests: not yet done (approved) nor cancelled. */
const OPEN_REQUEST = ['pending', 'processing'] as const;

/** What keeps the producer, counted under a lock on its row. */
async function blockers(tx: Tx, producerId: number): Promise<Record<ProducerDeleteBlocker, number>> {
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  // One after the other: a transaction is one connection, which runs one query at a time anyway
  // (side by side, node-postgres queues them and warns that this is deprecated).
  // A batch that was ever published (published, on hold, recalled) has a public page and scans.
  const published_batches = await n(
    tx
      .select({ n: count() })
      .from(traceabilities)
      .where(
        and(
          eq(traceabilities.producerId, producerId),
          or(ne(traceabilities.status, 'draft'), isNotNull(traceabilities.publishedAt)),
        ),
      ),
  );
  const open_service_requests = await n(
    tx
      .select({ n: count() })
      .from(userRegisterServices)
      .where(and(eq(userRegisterServices.producerId, producerId), inArray(userRegisterServices.status, OPEN_REQUEST))),
  );
  const approved_listings = await n(
    tx
      .select({ n: count() })
      .from(saleChannelReferences)
      .where(
        and(eq(saleChannelReferences.producerId, producerId), eq(saleChannelReferences.registerStatus, 'approved')),
      ),
  );
  return { published_batches, open_service_requests, approved_listings };
}

/** 409 naming what keeps the producer, and the advice to ask an administrator to close it. */
function blockedError(locale: Locale, found: Record<ProducerDeleteBlocker, number>): AppError {
  const parts = (Object.entries(found) as [ProducerDeleteBlocker, number][])
    .filter(([, n]) => n > 0)
    .map(([what, n]) => ({ field: what, message: translate(locale, `producer_delete_blocker_${what}`, { count: n }) }));
  return new AppError(409, 'producer_delete_blocked', { what: parts.map((p) => p.message).join(', ') }, parts);
}

/**
 * Deletes the producer for its own account (spec §7 DELETE /api/v1/producers/{id}, ADR 018), in one
 * transaction with the producer's row locked:
 * - refused (409) while it has a batch that was ever published, an open service request or an
 *   approved sales channel registration;
 * - what was never public goes: draft batches (with their events), products never approved (with
 *   their variants), registrations never approved (pending, rejected);
 * - what was public or is a business record stays: products with an approved version (their page
 *   now says "no longer available"), finished service requests, closed registrations, the history;
 * - the producer row stays, closed and marked deleted; its accounts are deactivated (sessions
 *   revoked);
 * - the files its accounts uploaded that nothing kept refers to are freed (their rows here, their
 *   bytes from storage by the caller after commit).
 */
export async function deleteOwnProducer(
  tx: Tx,
  args: { producerId: number; platform: string; actorId: number; locale: Locale },
): Promise<DeleteOutcome> {
  const { producerId, platform, actorId, locale } = args;
  const [p] = await tx
    .select()
    .from(producers)
    .where(and(eq(producers.id, producerId), eq(producers.platform, platform), isNull(producers.deletedAt)))
    .for('update')
    .limit(1);
  if (!p) throw notFound();
  const refusal = producerWriteRefusal(p.status);
  if (refusal) throw new AppError(403, refusal);
  const found = await blockers(tx, producerId);
  if (Object.values(found).some((n) => n > 0)) throw blockedError(locale, found);

  // Never public: draft batches, products without an approved version, registrations never approved.
  const batchIds = (
    await tx
      .delete(traceabilities)
      .where(eq(traceabilities.producerId, producerId))
      .returning({ id: traceabilities.id })
  ).map((r) => r.id);
  await deleteActivity(tx, 'traceability', batchIds);
  const refIds = (
    await tx
      .delete(saleChannelReferences)
      .where(
        and(
          eq(saleChannelReferences.producerId, producerId),
          inArray(saleChannelReferences.registerStatus, ['pending', 'rejected']),
        ),
      )
      .returning({ id: saleChannelReferences.id })
  ).map((r) => r.id);
  const productIds = (
    await tx
      .delete(products)
      .where(and(eq(products.producerId, producerId), isNull(products.approvedAt)))
      .returning({ id: products.id })
  ).map((r) => r.id);
  await deleteActivity(tx, 'product', productIds);
  await deleteActivity(tx, 'sale_channel_reference', refIds);

  const now = new Date();
  await tx
    .update(producers)
    .set({ status: 'closed', deletedAt: now, deletedBy: actorId, updatedAt: now })
    .where(eq(producers.id, producerId));
  await recordActivity(tx, {
    subjectType: 'producer',
    subjectId: producerId,
    platform,
    actorId,
    action: 'delete',
    from: p.status,
    to: 'closed',
    diff: { products: productIds.length, batches: batchIds.length },
  });

  const accounts = await tx
    .select({ id: users.id, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.producerId, producerId));
  let deactivated = 0;
  for (const a of accounts) {
    if (!(await deactivateAccount(tx, a.id, now))) continue;
    deactivated++;
    await recordActivity(tx, {
      subjectType: 'user',
      subjectId: a.id,
      platform,
      actorId,
      action: 'deactivate',
      diff: { producer_deleted: producerId },
    });
  }

  const freed = await freeUploads(
    tx,
    producerId,
    accounts.map((a) => a.id),
    p.logoUrl,
  );
  return {
    deleted: { products: productIds.length, batches: batchIds.length, uploads: freed.length, users: deactivated },
    freedKeys: freed,
  };
}

/**
 * Deletes the upload rows of the producer's accounts that no kept record names (kept products and
 * their variants, service requests and their notes, the logo) and returns their storage keys.
 * Records hold a copy of the file's URL, which carries its storage key (a public file) or its id (a
 * private one: /api/v1/uploads/{id}/content).
 */
async function freeUploads(tx: Tx, producerId: number, userIds: number[], logoUrl: string | null): Promise<string[]> {
  if (!userIds.length) return [];
  const candidates = await tx.select().from(uploads).where(inArray(uploads.userId, userIds));
  if (!candidates.length) return [];
  const kept = await tx
    .select({
      images: products.images,
      certificates: products.certificates,
      optionGroups: products.optionGroups,
      snapshot: products.approvedSnapshot,
    })
    .from(products)
    .where(eq(products.producerId, producerId));
  const variants = await tx
    .select({ url: productVariants.thumbnailUrl })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.producerId, producerId));
  const requests = await tx
    .select({
      id: userRegisterServices.id,
      form: userRegisterServices.form,
      attachments: userRegisterServices.attachments,
      booking: userRegisterServices.booking,
    })
    .from(userRegisterServices)
    .where(eq(userRegisterServices.producerId, producerId));
  const notes = requests.length
    ? await tx
        .select({ attachments: serviceRequestNotes.attachments })
        .from(serviceRequestNotes)
        .where(
          inArray(
            serviceRequestNotes.requestId,
            requests.map((r) => r.id),
          ),
        )
    : [];
  const referenced = JSON.stringify([kept, variants, requests, notes, logoUrl]);
  const free = candidates.filter(
    (u) =>
      !referenced.includes(u.storageKey) &&
      !(u.thumbnailKey && referenced.includes(u.thumbnailKey)) &&
      !referenced.includes(privateFileUrl(u.id)),
  );
  if (!free.length) return [];
  await tx.delete(uploads).where(
    inArray(
      uploads.id,
      free.map((u) => u.id),
    ),
  );
  return free.flatMap((u) => [u.storageKey, ...(u.thumbnailKey ? [u.thumbnailKey] : [])]);
}
