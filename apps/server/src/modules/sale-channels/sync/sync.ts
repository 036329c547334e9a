import type { FastifyInstance } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { type Locale, type PlatformKey } from '@agrihub/contract';
import {
  producers,
  products,
  saleChannelReferences,
  saleChannelSyncLogs,
  type SyncErrorDetail,
} from '../../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { assertChannelSyncable, findChannel } from '../channels.js';
import { productMissing } from '../facts.js';
import { adapterFor, type AdapterReference } from './adapter.js';
import { missingWords } from './error-text.js';
import { buildSnapshot, hasBatchOnSale, snapshotMissing, uniqueMissing } from './snapshot.js';

export interface SyncOutcome {
  ok: boolean;
  /** Why the sync failed (stored as last_error_detail), or null. */
  error: SyncErrorDetail | null;
  /** What the product lacks, in the caller's words (a refused product), or null. */
  missing: string | null;
  /** The adapter's own failure, or null. */
  adapterError: string | null;
}

/**
 * Syncs one registration (DESIGN §5.3): only an approved registration of a product (409
 * saleChannelSyncProducerRow / saleChannelSyncNotApproved otherwise, nothing written); the
 * channel's requirements are checked again on the live product and on what would be published,
 * with the adapter's own needs. A product that falls short is marked error with last_error naming
 * what it lacks (and leaves the feed); a paused channel takes no sync (409 saleChannelSyncPaused); otherwise its snapshot is handed to the channel's adapter and
 * stored, synced, with last_synced_at. Each attempt writes one sync log row. The row is locked, so
 * two syncs of one registration run one after the other.
 */
export async function syncReference(
  app: FastifyInstance,
  id: number,
  scope: SQL,
  actor: { userId: number; locale: Locale },
): Promise<SyncOutcome> {
  let withdraw: AdapterReference | null = null;
  const outcome = await app.db.transaction(async (tx) => {
    const [ref] = await tx
      .select()
      .from(saleChannelReferences)
      .where(and(eq(saleChannelReferences.id, id), scope))
      .for('update');
    if (!ref) throw notFound('saleChannelReferenceNotFound');
    if (ref.productId === null) throw conflict('saleChannelSyncProducerRow');
    if (ref.registerStatus !== 'approved') throw conflict('saleChannelSyncNotApproved');
    const channel = await findChannel(tx, ref.platform as PlatformKey, ref.channelId);
    assertChannelSyncable(channel);
    const [row] = await tx
      .select({ product: products, producerName: producers.name, producerStatus: producers.status })
      .from(products)
      .innerJoin(producers, eq(producers.id, products.producerId))
      .where(eq(products.id, ref.productId))
      .for('share', { of: products });
    // A producer that is not approved has no public pages (ADR 007): nothing to link to.
    if (row.producerStatus !== 'approved') throw new AppError(409, 'saleChannelProducerNotApproved');

    const adapter = adapterFor(channel);
    const adapterRef: AdapterReference = {
      id: ref.id,
      platform: ref.platform,
      channel: { id: channel.id, code: channel.code, kind: channel.kind },
      productId: ref.productId,
    };
    const snapshot = buildSnapshot(app.config, {
      product: row.product,
      producerName: row.producerName,
      inStock: await hasBatchOnSale(tx, row.product.id),
    });
    const missing = uniqueMissing(
      productMissing(channel.requirements, row.product),
      snapshot
        ? [
            ...snapshotMissing(channel.requirements, snapshot, row.product.approvedSnapshot!.images.length, true),
            ...adapter.check(snapshot),
          ]
        : [{ key: 'product_not_approved' }],
    );

    let error: SyncErrorDetail | null = null;
    let adapterError: string | null = null;
    if (missing.length) {
      error = { missing };
    } else {
      try {
        await adapter.publish(adapterRef, snapshot!);
      } catch (err) {
        app.log.warn({ err, reference: ref.id, adapter: adapter.name }, 'sale channel publish failed');
        adapterError = (err instanceof Error && err.message ? err.message : String(err)).slice(0, 1000);
        error = { adapter: adapterError };
      }
    }

    const now = new Date();
    if (error) {
      // The snapshot stays on the row, but an error row is no longer listed (feed-routes.ts).
      await tx
        .update(saleChannelReferences)
        .set({ syncStatus: 'error', lastError: null, lastErrorDetail: error, updatedAt: now })
        .where(eq(saleChannelReferences.id, ref.id));
      if (ref.syncStatus === 'synced' || ref.syncStatus === 'out_of_date') withdraw = adapterRef;
    } else {
      await tx
        .update(saleChannelReferences)
        .set({
          syncStatus: 'synced',
          snapshot,
          lastSyncedAt: now,
          lastError: null,
          lastErrorDetail: null,
          updatedAt: now,
        })
        .where(eq(saleChannelReferences.id, ref.id));
    }
    await tx.insert(saleChannelSyncLogs).values({
      referenceId: ref.id,
      status: error ? 'error' : 'synced',
      errorDetail: error,
      actorId: actor.userId,
      createdAt: now,
    });
    const words = missing.length ? missingWords(actor.locale, missing) : null;
    return { ok: !error, error, missing: words, adapterError, adapter };
  });
  if (withdraw) {
    const ref: AdapterReference = withdraw;
    await outcome.adapter.withdraw(ref).catch((err: unknown) => {
      app.log.warn({ err, reference: ref.id }, 'sale channel withdraw failed');
    });
  }
  return { ok: outcome.ok, error: outcome.error, missing: outcome.missing, adapterError: outcome.adapterError };
}
