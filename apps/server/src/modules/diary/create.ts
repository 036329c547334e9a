import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  formatDayMonthYear,
  formatVietnamDate,
  harvestRefusal,
  type DiaryEntry,
  type DiaryEntryInput,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { diaryEntries, products, traceabilities } from '../../db/schema/index.js';
import { AppError, conflict, unprocessable } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { ownedBy } from '../../lib/scope.js';
import { publicCode } from '../../lib/secrets.js';
import { ownLocationRef } from '../locations/service.js';
import { resolveOwnFiles } from '../uploads/resolve.js';
import { audit, writeBatch, type Actor } from '../traceabilities/service.js';
import {
  addEntryEvent,
  attachSeason,
  findByKey,
  loadEntry,
  ownLot,
  requestHash,
  sprayingsFor,
  type EntryRow,
} from './service.js';

interface HarvestLot {
  traceability_id?: number;
  product_id?: number;
  lot_code?: string;
}

/** Thrown inside the transaction when another request holding the same key got there first. */
class KeyTaken extends Error {}

/** The entry a key already made: the same body replays it, another body is refused (409). */
function replay(row: EntryRow, hash: string): number {
  if (row.requestHash !== hash) throw conflict('idempotency_key_reused');
  return row.id;
}

/** 422 harvest_unsafe: the message names the safe day (dd/mm/yyyy), `details.safe_from` gives it as YYYY-MM-DD. */
function harvestUnsafe(safeFrom: string): AppError {
  return new AppError(
    422,
    'harvest_unsafe',
    { date: formatDayMonthYear(safeFrom) },
    [{ field: 'occurred_at', message: 'harvest_unsafe' }],
    { details: { safe_from: safeFrom } },
  );
}

/** A lot code for a harvest that names none: `TH-<Vietnam date>-<4 random>` (TH: thu hoạch). */
const harvestLotCode = (at: Date) => `TH-${formatVietnamDate(at).replaceAll('-', '')}-${publicCode().slice(0, 4)}`;

/**
 * POST /diary/entries (ADR 044): exactly one entry per (account, key) whatever the retries. A key
 * seen before answers its entry (or 409 for another body); otherwise the entry, its lot event and
 * a harvest's lot are written in one transaction that starts by claiming the key
 * (INSERT … ON CONFLICT DO NOTHING): a parallel retry waits for it, finds the key taken and replays.
 */
export async function createEntry(
  app: FastifyInstance,
  actor: Actor,
  body: DiaryEntryInput,
): Promise<{ entry: DiaryEntry; created: boolean }> {
  const hash = requestHash(body);
  const seen = await findByKey(app.db, actor.userId, body.idempotency_key);
  if (seen) return { entry: await loadEntry(app.db, replay(seen, hash)), created: false };

  const harvest = body.type === 'harvesting' ? (body.details.lot as HarvestLot) : null;
  const lotId = body.traceability_id ?? harvest?.traceability_id ?? null;
  const lotField = body.traceability_id != null ? 'traceability_id' : 'details.lot.traceability_id';
  // Read first for the public page's cache key; locked and checked again inside the transaction.
  const known = lotId != null ? await ownLot(app.db, actor, lotId, lotField) : null;
  try {
    const id = await writeBatch(app, actor, known?.publicCode ?? null, (tx) => write(tx));
    return { entry: await loadEntry(app.db, id), created: true };
  } catch (err) {
    // A retry that lost the race to its own first send is answered with that send's entry, whatever
    // refused it: the key taken, or a check the first send's commit now fails (its new lot's code).
    const row = await findByKey(app.db, actor.userId, body.idempotency_key);
    if (row) return { entry: await loadEntry(app.db, replay(row, hash)), created: false };
    if (isUniqueViolation(err, 'traceabilities_producer_lot_uq'))
      throw unprocessable('lot_taken', { lot: harvest?.lot_code ?? '' }, 'details.lot.lot_code');
    throw err;
  }

  async function write(tx: Tx): Promise<number> {
    const at = new Date(body.occurred_at);
    const plot = await ownLocationRef(tx, actor, body.location_id);
    let lot = lotId != null ? await ownLot(tx, actor, lotId, lotField, true) : null;
    if (lot?.recalledAt) throw unprocessable('batch_recalled', {}, lotField);

    if (harvest) {
      const unit = body.details.unit as string;
      if (lot) {
        // A lot's quantity changes only while it is a draft (a published lot changes by events only).
        if (lot.status === 'published') throw unprocessable('batch_published_locked', {}, lotField);
        if (lot.unit !== unit) throw unprocessable('diary_unit_mismatch', { unit, lot_unit: lot.unit }, 'details.unit');
      } else {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, harvest.product_id!), ownedBy(products, actor)))
          .limit(1);
        if (!product) throw unprocessable('invalidProduct', {}, 'details.lot.product_id');
        if (harvest.lot_code) {
          const [taken] = await tx
            .select({ id: traceabilities.id })
            .from(traceabilities)
            .where(and(eq(traceabilities.producerId, actor.producerId), eq(traceabilities.lotCode, harvest.lot_code)))
            .limit(1);
          if (taken) throw unprocessable('lot_taken', { lot: harvest.lot_code }, 'details.lot.lot_code');
        }
      }
      const refusal = harvestRefusal(
        await sprayingsFor(tx, actor, body.location_id, lot?.id ?? null),
        body.occurred_at,
      );
      if (refusal) throw harvestUnsafe(refusal.safe_from);
    }

    const photos = await resolveOwnFiles(tx, app.storage, actor, body.photo_ids, 'photo_ids', 'picture');
    const [entry] = await tx
      .insert(diaryEntries)
      .values({
        platform: actor.platform,
        producerId: actor.producerId,
        userId: actor.userId,
        idempotencyKey: body.idempotency_key,
        requestHash: hash,
        type: body.type,
        occurredAt: at,
        locationId: plot?.id ?? null,
        traceabilityId: lot?.id ?? null,
        details: body.details,
        notes: body.notes,
        photos,
      })
      .onConflictDoNothing({ target: [diaryEntries.userId, diaryEntries.idempotencyKey] })
      .returning();
    if (!entry) throw new KeyTaken();

    if (harvest) {
      const quantity = body.details.quantity as number;
      if (lot) {
        await tx
          .update(traceabilities)
          .set({ quantity: sql`${traceabilities.quantity} + ${quantity}`, updatedAt: new Date() })
          .where(eq(traceabilities.id, lot.id));
        await audit(tx, lot, actor.userId, 'update', { fields: ['quantity'], diary_entry_id: entry.id });
      } else {
        const lotCode = harvest.lot_code ?? harvestLotCode(at);
        [lot] = await tx
          .insert(traceabilities)
          .values({
            platform: actor.platform,
            producerId: actor.producerId,
            productId: harvest.product_id!,
            lotCode,
            publicCode: publicCode(),
            productionDate: formatVietnamDate(at),
            quantity,
            unit: body.details.unit as string,
            status: 'draft',
          })
          .returning();
        await audit(tx, lot, actor.userId, 'create', { lot_code: lotCode, diary_entry_id: entry.id });
      }
      // The plot's season goes first, so the lot's timeline reads in the order things happened.
      await attachSeason(tx, actor, lot, entry, actor.userId);
    }
    if (lot) {
      await addEntryEvent(tx, lot, entry, actor.userId);
      await tx.update(traceabilities).set({ updatedAt: new Date() }).where(eq(traceabilities.id, lot.id));
    }
    return entry.id;
  }
}
