import { and, asc, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { safeToHarvestFrom, type DiaryContext, type DiaryPlot } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { diaryEntries, locations, products, traceabilities } from '../../db/schema/index.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { iso, stateOf } from '../traceabilities/presenter.js';
import { lotLocations } from './service.js';

/** Where a diary is kept: the places things grow or are raised. */
const DIARY_PLACE_KINDS = ['farm_plot', 'pond', 'barn'] as const;
export const CONTEXT_MAX = 200;
const DAY_MS = 86_400_000;

/**
 * GET /diary/context: what the phone keeps to write the diary offline (ADR 044) — the plots with
 * their safe-to-harvest date, the open lots, the products a new harvest lot may be of, and the
 * last year's sprayings so that the phone applies the pre-harvest rule itself.
 */
export async function diaryContext(db: Db, owner: OwnerRef, now = Date.now()): Promise<DiaryContext> {
  const [plotRows, lotRows, productRows, sprayRows] = await Promise.all([
    db
      .select({
        id: locations.id,
        name: locations.name,
        kind: locations.kind,
        areaHa: locations.areaHa,
        crop: locations.crop,
      })
      .from(locations)
      .where(and(ownedBy(locations, owner), inArray(locations.kind, [...DIARY_PLACE_KINDS])))
      .orderBy(asc(locations.name), asc(locations.id))
      .limit(CONTEXT_MAX),
    db
      .select({ lot: traceabilities, productName: products.name })
      .from(traceabilities)
      .innerJoin(products, eq(products.id, traceabilities.productId))
      .where(and(ownedBy(traceabilities, owner), isNull(traceabilities.recalledAt)))
      .orderBy(desc(traceabilities.createdAt), desc(traceabilities.id))
      .limit(CONTEXT_MAX),
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(ownedBy(products, owner))
      .orderBy(asc(products.name), asc(products.id))
      .limit(CONTEXT_MAX),
    db
      .select({
        locationId: diaryEntries.locationId,
        traceabilityId: diaryEntries.traceabilityId,
        occurredAt: diaryEntries.occurredAt,
        details: diaryEntries.details,
      })
      .from(diaryEntries)
      .where(
        and(
          ownedBy(diaryEntries, owner),
          eq(diaryEntries.type, 'spraying'),
          gte(diaryEntries.occurredAt, new Date(now - 365 * DAY_MS)),
        ),
      )
      .orderBy(desc(diaryEntries.occurredAt), desc(diaryEntries.id)),
  ]);
  const sprayings = sprayRows.map((s) => ({
    location_id: s.locationId,
    traceability_id: s.traceabilityId,
    occurred_at: iso(s.occurredAt)!,
    phi_days: Number(s.details.phi_days ?? 0),
    product: typeof s.details.product === 'string' ? s.details.product : '',
  }));
  const plots: DiaryPlot[] = plotRows.map((p) => {
    // Newest first: the first is the last spraying.
    const own = sprayings.filter((s) => s.location_id === p.id);
    const last = own[0];
    return {
      id: p.id,
      name: p.name,
      kind: p.kind,
      area_ha: p.areaHa,
      crop: p.crop,
      safe_from: safeToHarvestFrom(own),
      last_spraying: last ? { occurred_at: last.occurred_at, product: last.product, phi_days: last.phi_days } : null,
    };
  });
  const at = await lotLocations(
    db,
    lotRows.map((r) => r.lot.id),
  );
  return {
    plots,
    lots: lotRows.map(({ lot, productName }) => ({
      id: lot.id,
      lot_code: lot.lotCode,
      product_name: productName,
      status: stateOf(lot),
      unit: lot.unit,
      quantity: lot.quantity,
      location_ids: at.get(lot.id) ?? [],
    })),
    products: productRows,
    sprayings: sprayings.map((s) => ({
      location_id: s.location_id,
      traceability_id: s.traceability_id,
      occurred_at: s.occurred_at,
      phi_days: s.phi_days,
    })),
  };
}
