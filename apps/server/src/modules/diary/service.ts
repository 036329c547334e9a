import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DIARY_STEP, describeDiaryEntry, type DiaryEntry } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { diaryEntries, locations, products, traceEvents, traceabilities, users } from '../../db/schema/index.js';
import { unprocessable } from '../../lib/errors.js';
import { ownedBy, type OwnerRef } from '../../lib/scope.js';
import { sha256 } from '../../lib/secrets.js';
import { iso, presentFiles } from '../traceabilities/presenter.js';
import { audit } from '../traceabilities/service.js';

export type EntryRow = typeof diaryEntries.$inferSelect;
type BatchRow = typeof traceabilities.$inferSelect;

/** JSON with object keys sorted at every level: equal bodies hash equal whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** SHA-256 of the validated body (defaults filled, texts trimmed): a resend of the same entry matches. */
export function requestHash(body: object): string {
  return sha256(canonical(body));
}

export async function findByKey(db: Db | Tx, userId: number, key: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(diaryEntries)
    .where(and(eq(diaryEntries.userId, userId), eq(diaryEntries.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** One of the producer's lots, locked for the write; another producer's is refused on `field` (422). */
export async function ownLot(db: Db | Tx, owner: OwnerRef, id: number, field: string, lock = false): Promise<BatchRow> {
  const q = db
    .select()
    .from(traceabilities)
    .where(and(eq(traceabilities.id, id), ownedBy(traceabilities, owner)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw unprocessable('invalidBatch', {}, field);
  return row;
}

/** The sprayings that bear on a harvest: on its plot, or on its lot (ADR 044). */
export async function sprayingsFor(db: Db | Tx, owner: OwnerRef, locationId: number | null, lotId: number | null) {
  const on = [
    locationId != null ? eq(diaryEntries.locationId, locationId) : undefined,
    lotId != null ? eq(diaryEntries.traceabilityId, lotId) : undefined,
  ].filter((c): c is SQL => !!c);
  if (!on.length) return [];
  const rows = await db
    .select({ occurredAt: diaryEntries.occurredAt, details: diaryEntries.details })
    .from(diaryEntries)
    .where(and(ownedBy(diaryEntries, owner), eq(diaryEntries.type, 'spraying'), sql`(${sql.join(on, sql` or `)})`));
  return rows.map((r) => ({ occurred_at: r.occurredAt.toISOString(), phi_days: Number(r.details.phi_days ?? 0) }));
}

/** The next position at the end of a lot's timeline. */
async function nextPosition(tx: Tx, lotId: number): Promise<number> {
  const [pos] = (
    await tx.execute<{ n: number }>(
      sql`select coalesce(max(position), -1)::int + 1 as n from trace_events where traceability_id = ${lotId}`,
    )
  ).rows;
  return Number(pos?.n ?? 0);
}

/**
 * Writes an entry onto a lot as one of its events (step DIARY_STEP, the entry's own time and
 * place, a Vietnamese summary, its photos), links the entry to it and records the lot's history.
 */
export async function addEntryEvent(
  tx: Tx,
  lot: BatchRow,
  entry: Pick<EntryRow, 'id' | 'type' | 'occurredAt' | 'locationId' | 'details' | 'notes' | 'photos'>,
  userId: number,
): Promise<number> {
  const place = entry.locationId
    ? ((await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, entry.locationId)))[0]?.name ??
      null)
    : null;
  const step = DIARY_STEP[entry.type];
  const [ev] = await tx
    .insert(traceEvents)
    .values({
      traceabilityId: lot.id,
      step,
      occurredAt: entry.occurredAt,
      locationId: entry.locationId,
      place,
      description: describeDiaryEntry(entry.type, entry.details, entry.notes),
      photos: entry.photos,
      position: await nextPosition(tx, lot.id),
      createdBy: userId,
    })
    .returning({ id: traceEvents.id });
  await tx
    .update(diaryEntries)
    .set({ traceabilityId: lot.id, traceEventId: ev.id })
    .where(eq(diaryEntries.id, entry.id));
  await audit(tx, lot, userId, 'event_add', {
    event_id: ev.id,
    step,
    published: lot.status === 'published',
    diary_entry_id: entry.id,
  });
  return ev.id;
}

/**
 * A harvest from a plot takes the plot's season with it: the plot's entries without a lot since
 * its previous harvest (up to this one) become events of the lot, oldest first. Locked, so two
 * harvests of one plot never both take an entry.
 */
export async function attachSeason(tx: Tx, owner: OwnerRef, lot: BatchRow, harvest: EntryRow, userId: number) {
  if (harvest.locationId == null) return;
  const [prev] = await tx
    .select({ at: sql<Date | string>`max(${diaryEntries.occurredAt})` })
    .from(diaryEntries)
    .where(
      and(
        eq(diaryEntries.locationId, harvest.locationId),
        eq(diaryEntries.type, 'harvesting'),
        sql`${diaryEntries.occurredAt} < ${harvest.occurredAt}`,
        sql`${diaryEntries.id} <> ${harvest.id}`,
      ),
    );
  const since = prev?.at ? new Date(prev.at) : null;
  const season = await tx
    .select()
    .from(diaryEntries)
    .where(
      and(
        ownedBy(diaryEntries, owner),
        eq(diaryEntries.locationId, harvest.locationId),
        isNull(diaryEntries.traceabilityId),
        sql`${diaryEntries.type} <> 'harvesting'`,
        sql`${diaryEntries.occurredAt} <= ${harvest.occurredAt}`,
        since ? sql`${diaryEntries.occurredAt} > ${since}` : undefined,
      ),
    )
    .orderBy(diaryEntries.occurredAt, diaryEntries.id)
    .for('update');
  for (const e of season) await addEntryEvent(tx, lot, e, userId);
}

/** Entries with their plot, lot and author, in the given order (newest first by the callers). */
export async function loadEntries(db: Db | Tx, where: SQL, limit: number, offset = 0): Promise<DiaryEntry[]> {
  const rows = await db
    .select({
      e: diaryEntries,
      locationName: locations.name,
      lotCode: traceabilities.lotCode,
      productName: products.name,
      userName: users.name,
    })
    .from(diaryEntries)
    .leftJoin(locations, eq(locations.id, diaryEntries.locationId))
    .leftJoin(traceabilities, eq(traceabilities.id, diaryEntries.traceabilityId))
    .leftJoin(products, eq(products.id, traceabilities.productId))
    .leftJoin(users, eq(users.id, diaryEntries.userId))
    .where(where)
    .orderBy(desc(diaryEntries.occurredAt), desc(diaryEntries.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ e, ...r }) => ({
    id: e.id,
    idempotency_key: e.idempotencyKey,
    type: e.type,
    occurred_at: iso(e.occurredAt)!,
    location: e.locationId != null ? { id: e.locationId, name: r.locationName ?? '' } : null,
    batch:
      e.traceabilityId != null
        ? { id: e.traceabilityId, lot_code: r.lotCode ?? '', product_name: r.productName ?? '' }
        : null,
    details: e.details,
    notes: e.notes,
    photos: presentFiles(e.photos),
    trace_event_id: e.traceEventId,
    created_at: iso(e.createdAt)!,
    created_by_name: r.userName ?? null,
  }));
}

export async function loadEntry(db: Db | Tx, id: number): Promise<DiaryEntry> {
  const [entry] = await loadEntries(db, eq(diaryEntries.id, id), 1);
  return entry;
}

/** The locations each lot's events happened at (a diary entry on a lot is one of its events). */
export async function lotLocations(db: Db | Tx, lotIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!lotIds.length) return out;
  const rows = await db
    .selectDistinct({ lot: traceEvents.traceabilityId, loc: traceEvents.locationId })
    .from(traceEvents)
    .where(and(inArray(traceEvents.traceabilityId, lotIds), sql`${traceEvents.locationId} is not null`));
  for (const r of rows) out.set(r.lot, [...(out.get(r.lot) ?? []), r.loc!]);
  return out;
}
