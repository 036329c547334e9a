import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TRACE_STEP_CBV, epcisEventHash, type TraceStep } from '@agrihub/contract';
import { epcisCaptureEvents, epcisCaptures, traceEvents, traceabilities } from '../../db/schema/index.js';
import { randomToken } from '../../lib/secrets.js';
import { invalidateBatch, tellBatch } from '../trace-public/state.js';
import type { EpcisCaller } from './caller.js';
import { attachableLots, resolveLots } from './lots.js';
import { mapOwnEvents, ownEventsOfLot } from './own-events.js';
import { EpcisProblem } from './problems.js';
import { classesOf, type CapturedDocument, type EpcisEvent } from './validate.js';

/** The bare CBV word of a business step (`receiving`, `https://ref.gs1.org/cbv/BizStep-receiving`). */
export function bizStepWord(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(?:https?:\/\/(?:ref\.)?gs1\.org\/(?:cbv|voc)\/BizStep-|urn:epcglobal:cbv:bizstep:)?([a-z_]+)$/.exec(v);
  return m ? m[1] : null;
}

/** The portal's stage a captured event shows as on the timeline: the stage whose CBV step it is, else `other`. */
const STEP_OF_WORD: Record<string, TraceStep> = {
  ...Object.fromEntries(
    (Object.entries(TRACE_STEP_CBV) as [TraceStep, string][]).filter(([, w]) => w !== 'other').map(([s, w]) => [w, s]),
  ),
};

interface Planned {
  index: number;
  lotId: number;
  hash: string;
  event: EpcisEvent;
}

/**
 * Stores a checked document (ADR 040) for the caller: each event on the lot it names that the
 * caller may attach to, as a captured trace event; an event already kept on that lot (same hash)
 * is linked, not stored twice. All or nothing: a refused event refuses the document, and the
 * capture job, its events and their links are written in one transaction.
 */
export async function captureDocument(
  app: FastifyInstance,
  caller: EpcisCaller,
  doc: CapturedDocument,
  base: string,
  createdAt: Date,
): Promise<{ captureId: string }> {
  const events = doc.epcisBody.eventList;
  const classes = events.map((e) => classesOf(e));
  const known = await resolveLots(app.db, caller.platform, classes.flat());
  const attachable = await attachableLots(app.db, caller.producerId, [...known.values()]);

  const planned: Planned[] = events.map((event, index) => {
    let lotId: number | null = null;
    for (const c of classes[index]) {
      const lot = known.get(c);
      if (!lot) continue;
      if (!attachable.has(lot.id)) {
        throw EpcisProblem.validation('epcis_capture_event_invalid', {
          index,
          field: fieldOfClass(event, c),
          reason: `"${c}" is a lot of another producer, outside your chain`,
        });
      }
      lotId ??= lot.id;
    }
    if (lotId == null) {
      throw EpcisProblem.validation('epcis_capture_event_invalid', {
        index,
        field: 'quantityList',
        reason: 'the event names no lot of yours (an LGTIN or GS1 Digital Link class of one of your lots)',
      });
    }
    let hash: string;
    try {
      // The document's @context expands its extension fields' prefixes (the portal's `ah:` among them).
      hash = epcisEventHash(event, { context: doc['@context'] });
    } catch {
      throw EpcisProblem.validation('epcis_capture_event_invalid', {
        index,
        field: '(event)',
        reason: 'no CBV 2.0 hash',
      });
    }
    const claimed = event.eventID;
    if (typeof claimed === 'string' && claimed.startsWith('ni:///') && claimed !== hash) {
      throw EpcisProblem.validation('epcis_capture_event_invalid', {
        index,
        field: 'eventID',
        reason: `the eventID is not the event's CBV 2.0 hash (${hash})`,
      });
    }
    return { index, lotId, hash, event };
  });

  const captureId = `cap_${randomToken().slice(0, 24)}`;
  const lotIds = [...new Set(planned.map((p) => p.lotId))];
  // An event that is already the lot's own (the portal's export captured back): linked, not copied.
  const ownByHash = new Map<string, number>();
  for (const lotId of lotIds) {
    const rows = await ownEventsOfLot(app.db, lotId);
    for (const [id, e] of await mapOwnEvents(app.db, base, rows)) {
      // The mapping's eventID is the event's hash (with the portal's own context).
      ownByHash.set(`${lotId} ${(e as { eventID: string }).eventID}`, id);
    }
  }
  const codes = await app.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(epcisCaptures)
      .values({
        captureId,
        platform: caller.platform,
        producerId: caller.producerId,
        partyName: caller.partyName,
        running: false,
        success: true,
        eventCount: events.length,
        createdAt,
      })
      .returning({ id: epcisCaptures.id });
    const next = new Map<number, number>();
    for (const r of (
      await tx.execute<{ id: number; n: number }>(
        sql`select traceability_id as id, coalesce(max(position), -1)::int + 1 as n from trace_events
            where traceability_id in (${sql.join(
              lotIds.map((id) => sql`${id}`),
              sql`, `,
            )}) group by traceability_id`,
      )
    ).rows)
      next.set(Number(r.id), Number(r.n));

    let created = 0;
    const rowIds = new Map<string, number>();
    for (const [key, id] of ownByHash) rowIds.set(key, id);
    const fresh = planned.filter((p) => !ownByHash.has(`${p.lotId} ${p.hash}`));
    for (let i = 0; i < fresh.length; i += 500) {
      const part = fresh.slice(i, i + 500);
      const rows = part.map((p) => {
        const position = next.get(p.lotId) ?? 0;
        next.set(p.lotId, position + 1);
        const word = bizStepWord(p.event.bizStep);
        return {
          traceabilityId: p.lotId,
          step: (word && STEP_OF_WORD[word]) ?? 'other',
          occurredAt: new Date(p.event.eventTime),
          position,
          origin: 'captured' as const,
          captureId: job.id,
          epcisHash: p.hash,
          epcisEvent: 'eventID' in p.event ? p.event : { ...p.event, eventID: p.hash },
          capturedBy: caller.partyName,
        };
      });
      const inserted = await tx
        .insert(traceEvents)
        .values(rows)
        .onConflictDoNothing({
          target: [traceEvents.traceabilityId, traceEvents.epcisHash],
          where: sql`${traceEvents.epcisHash} is not null`,
        })
        .returning({ id: traceEvents.id });
      created += inserted.length;
      const found = await tx
        .select({ id: traceEvents.id, lot: traceEvents.traceabilityId, hash: traceEvents.epcisHash })
        .from(traceEvents)
        .where(
          and(
            inArray(traceEvents.traceabilityId, [...new Set(part.map((p) => p.lotId))]),
            inArray(traceEvents.epcisHash, [...new Set(part.map((p) => p.hash))]),
          ),
        );
      for (const f of found) rowIds.set(`${f.lot} ${f.hash}`, f.id);
    }
    const links = planned.map((p) => ({
      captureId: job.id,
      position: p.index,
      producerId: caller.producerId,
      traceEventId: rowIds.get(`${p.lotId} ${p.hash}`)!,
    }));
    for (let i = 0; i < links.length; i += 1000) await tx.insert(epcisCaptureEvents).values(links.slice(i, i + 1000));
    await tx
      .update(epcisCaptures)
      .set({ newCount: created, finishedAt: new Date() })
      .where(eq(epcisCaptures.id, job.id));
    const lots = await tx
      .select({ code: traceabilities.publicCode })
      .from(traceabilities)
      .where(inArray(traceabilities.id, lotIds));
    for (const l of lots) await tellBatch(app, tx, l.code);
    return lots.map((l) => l.code);
  });
  for (const code of codes) invalidateBatch(app, code);
  return { captureId };
}

/** The field of an event that names a class (for the refusal). */
function fieldOfClass(e: EpcisEvent, c: string): string {
  for (const f of ['outputQuantityList', 'quantityList', 'childQuantityList', 'inputQuantityList']) {
    const i = Array.isArray(e[f]) ? (e[f] as { epcClass?: unknown }[]).findIndex((q) => q?.epcClass === c) : -1;
    if (i >= 0) return `${f}.${i}.epcClass`;
  }
  return 'quantityList';
}
