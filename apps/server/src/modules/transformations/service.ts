import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { transformationYield, type Transformation, type transformationRequest } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  chainEdges,
  locations,
  products,
  traceEvents,
  traceabilities,
  transformationInputs,
  transformations,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { AppError } from '../../lib/errors.js';
import { takeFromLot } from '../../lib/lot-quantity.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { publicCode } from '../../lib/secrets.js';
import { textSearch } from '../../lib/search.js';
import { assertProducerWritable } from '../producers/guard.js';

export type TransformationBody = typeof transformationRequest._zod.output;
type Actor = OwnerRef & { userId: number };

/** A refusal naming the field it is about (`inputs.2.quantity`), so the form shows it on the right row. */
const onField = (status: number, code: string, field: string, params: Record<string, string | number> = {}) =>
  new AppError(status, code, params, [{ field, message: code }]);

/** A chain event's time: the day at 08:00 in Vietnam (ADR 036 §2, as shipments do). */
export const chainEventTime = (day: string) => new Date(`${day}T08:00:00+07:00`);

/**
 * Records a transformation in one transaction (ADR 036 §2): the new draft lot, what each input
 * gives (lib/lot-quantity takeFromLot, inputs taken in lot-id order so two transformations sharing
 * inputs never wait on each other in a cycle), one chain edge and one transformation_inputs row per
 * input, and the new lot's 'processing' event. Any refusal rolls everything back.
 */
export async function createTransformation(app: FastifyInstance, actor: Actor, b: TransformationBody): Promise<number> {
  return app.db.transaction(async (tx) => {
    await assertProducerWritable(tx, actor.producerId);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, b.output.product_id), ownedBy(products, actor)))
      .limit(1);
    if (!product) throw onField(422, 'invalidProduct', 'output.product_id');

    let location: { id: number; name: string } | null = null;
    if (b.location_id != null) {
      [location] = await tx
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(and(eq(locations.id, b.location_id), ownedBy(locations, actor)))
        .limit(1);
      if (!location) throw onField(422, 'transformationLocationInvalid', 'location_id');
    }

    // The input lots: the producer's own (made here or received from a partner), live.
    const lots = await tx
      .select()
      .from(traceabilities)
      .where(
        and(
          inArray(
            traceabilities.id,
            b.inputs.map((i) => i.lot_id),
          ),
          ownedBy(traceabilities, actor),
        ),
      );
    const byId = new Map(lots.map((l) => [l.id, l]));
    const inputs = b.inputs.map((input, index) => {
      const lot = byId.get(input.lot_id);
      // Another producer's lot is "not found" (a 404, as for any of its ids), named on its row.
      if (!lot) throw onField(404, 'not_found', `inputs.${index}.lot_id`);
      if (lot.heldAt || lot.recalledAt)
        throw onField(409, 'input_lot_unavailable', `inputs.${index}.lot_id`, { lot: lot.lotCode });
      if (input.unit && input.unit !== lot.unit)
        throw onField(409, 'unit_mismatch', `inputs.${index}.unit`, { unit: lot.unit });
      return { index, lot, quantity: input.quantity };
    });

    let output: typeof traceabilities.$inferSelect;
    try {
      [output] = await tx
        .insert(traceabilities)
        .values({
          platform: actor.platform,
          producerId: actor.producerId,
          productId: product.id,
          lotCode: b.output.lot_code,
          publicCode: publicCode(),
          productionDate: b.output.production_date,
          expiryDate: b.output.expiry_date,
          quantity: b.output.quantity,
          unit: b.output.unit,
          status: 'draft',
        })
        .returning();
    } catch (err) {
      if (isUniqueViolation(err, 'traceabilities_producer_lot_uq'))
        throw onField(409, 'lot_taken', 'output.lot_code', { lot: b.output.lot_code });
      throw err;
    }

    const [row] = await tx
      .insert(transformations)
      .values({
        platform: actor.platform,
        producerId: actor.producerId,
        outputLotId: output.id,
        locationId: location?.id ?? null,
        transformedOn: b.transformed_on,
        note: b.note,
        createdBy: actor.userId,
      })
      .returning({ id: transformations.id });

    for (const input of [...inputs].sort((x, y) => x.lot.id - y.lot.id)) {
      try {
        await takeFromLot(tx, input.lot.id, input.quantity);
      } catch (err) {
        if (err instanceof AppError && err.code === 'quantity_exceeds_remaining')
          throw onField(409, err.code, `inputs.${input.index}.quantity`, err.params);
        throw err;
      }
    }
    await tx.insert(chainEdges).values(
      inputs.map((i) => ({
        platform: actor.platform,
        fromLotId: i.lot.id,
        toLotId: output.id,
        kind: 'transformation' as const,
        sourceId: row.id,
        quantity: i.quantity,
        unit: i.lot.unit,
        occurredOn: b.transformed_on,
      })),
    );
    await tx
      .insert(transformationInputs)
      .values(
        inputs.map((i) => ({ transformationId: row.id, lotId: i.lot.id, quantity: i.quantity, unit: i.lot.unit })),
      );
    await tx.insert(traceEvents).values({
      traceabilityId: output.id,
      step: 'processing',
      occurredAt: chainEventTime(b.transformed_on),
      place: location?.name ?? null,
      locationId: location?.id ?? null,
      transformationId: row.id,
      position: 0,
      createdBy: actor.userId,
    });

    // The history of every lot concerned: the new lot says what it was made of, each input what it went into.
    await recordActivity(tx, {
      subjectType: 'traceability',
      subjectId: output.id,
      platform: actor.platform,
      actorId: actor.userId,
      action: 'transform',
      diff: {
        transformation_id: row.id,
        lot_code: output.lotCode,
        inputs: inputs.map((i) => ({ lot_code: i.lot.lotCode, quantity: i.quantity, unit: i.lot.unit })),
      },
    });
    for (const i of inputs) {
      await recordActivity(tx, {
        subjectType: 'traceability',
        subjectId: i.lot.id,
        platform: actor.platform,
        actorId: actor.userId,
        action: 'transform_input',
        diff: { transformation_id: row.id, lot_code: output.lotCode, quantity: i.quantity, unit: i.lot.unit },
      });
    }
    return row.id;
  });
}

/** Transformations by id with their lots, in the order of `ids`. */
export async function loadTransformations(db: Db | Tx, ids: number[]): Promise<Transformation[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ t: transformations, locationName: locations.name })
    .from(transformations)
    .leftJoin(locations, eq(locations.id, transformations.locationId))
    .where(inArray(transformations.id, ids));
  const inputs = await db
    .select({
      transformationId: transformationInputs.transformationId,
      lotId: transformationInputs.lotId,
      quantity: transformationInputs.quantity,
      unit: transformationInputs.unit,
    })
    .from(transformationInputs)
    .where(inArray(transformationInputs.transformationId, ids));
  const lotIds = [...new Set([...rows.map((r) => r.t.outputLotId), ...inputs.map((i) => i.lotId)])];
  const lots = await db
    .select({
      id: traceabilities.id,
      lotCode: traceabilities.lotCode,
      publicCode: traceabilities.publicCode,
      quantity: traceabilities.quantity,
      unit: traceabilities.unit,
      productId: products.id,
      productName: products.name,
    })
    .from(traceabilities)
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .where(inArray(traceabilities.id, lotIds));
  const lotById = new Map(lots.map((l) => [l.id, l]));
  const ref = (lotId: number, quantity: number, unit: string) => {
    const l = lotById.get(lotId)!;
    return {
      lot_id: l.id,
      lot_code: l.lotCode,
      public_code: l.publicCode,
      product: { id: l.productId, name: l.productName },
      quantity: Number(quantity),
      unit,
    };
  };
  const byId = new Map(
    rows.map(({ t, locationName }) => {
      const out = lotById.get(t.outputLotId)!;
      const output = ref(t.outputLotId, out.quantity, out.unit);
      const ins = inputs
        .filter((i) => i.transformationId === t.id)
        .sort((a, b) => a.lotId - b.lotId)
        .map((i) => ref(i.lotId, i.quantity, i.unit));
      const item: Transformation = {
        id: t.id,
        transformed_on: t.transformedOn,
        location: t.locationId != null ? { id: t.locationId, name: locationName ?? '' } : null,
        note: t.note,
        output,
        inputs: ins,
        yield: transformationYield(output, ins),
        created_at: new Date(t.createdAt).toISOString(),
      };
      return [t.id, item];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((x): x is Transformation => !!x);
}

/** The producer's lots that can go into a transformation: live (not held, not recalled) with something left. */
export async function usableLots(
  db: Db,
  actor: OwnerRef,
  q: string | undefined,
  include: number | undefined,
  limit: number,
) {
  const search = (q && textSearch(q, traceabilities.lotCode, products.name)) || sql`true`;
  const rows = await db
    .select({
      id: traceabilities.id,
      lotCode: traceabilities.lotCode,
      productId: products.id,
      productName: products.name,
      quantity: traceabilities.quantity,
      used: traceabilities.usedQuantity,
      unit: traceabilities.unit,
      productionDate: traceabilities.productionDate,
      received: sql<boolean>`exists (select 1 from shipments s where s.received_lot_id = ${traceabilities.id})`,
    })
    .from(traceabilities)
    .innerJoin(products, eq(products.id, traceabilities.productId))
    .where(
      and(
        ownedBy(traceabilities, actor),
        sql`${traceabilities.heldAt} is null and ${traceabilities.recalledAt} is null`,
        sql`${traceabilities.quantity} > ${traceabilities.usedQuantity}`,
        include ? sql`(${search} or ${traceabilities.id} = ${include})` : search,
      ),
    )
    .orderBy(sql`${traceabilities.productionDate} desc`, sql`${traceabilities.id} desc`)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    lot_code: r.lotCode,
    product: { id: r.productId, name: r.productName },
    quantity: Number(r.quantity),
    remaining: Math.round((Number(r.quantity) - Number(r.used)) * 1000) / 1000,
    unit: r.unit,
    production_date: r.productionDate,
    received: !!r.received,
  }));
}
