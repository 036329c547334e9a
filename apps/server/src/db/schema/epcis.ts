import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { producers } from './accounts.js';
import { traceEvents } from './catalog.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An RFC 7807 problem a capture job reports (EPCIS 2.0 REST binding, CaptureJob.errors). */
export interface CaptureProblem {
  type: string;
  title: string;
  status?: number;
  detail?: string;
}

/**
 * A capture job of the EPCIS 2.0 REST binding (ADR 040): one accepted `POST /epcis/capture`
 * document. The document is processed inside the request, in one transaction with this row, so a
 * job is written only for a stored document; `GET /epcis/capture/{captureID}` reads it.
 */
export const epcisCaptures = pgTable(
  'epcis_captures',
  {
    id: serial('id').primaryKey(),
    /** The opaque id of the binding's Location header (`/epcis/capture/{captureID}`). */
    captureId: text('capture_id').notNull().unique(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    /** Who sent it: the API key's label (the partner's system), else the producer's name. */
    partyName: text('party_name').notNull(),
    running: boolean('running').notNull().default(false),
    success: boolean('success').notNull().default(true),
    errors: jsonb('errors').$type<CaptureProblem[]>().notNull().default([]),
    /** Events in the document, and how many of them were new (the others were already kept). */
    eventCount: integer('event_count').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('epcis_captures_producer_idx').on(t.producerId, t.createdAt)],
);

/**
 * The events of a capture, in the document's order, each the trace_events row that holds it: a
 * new captured row, or the row already holding the same event (same CBV 2.0 hash) — an event
 * captured twice is kept once and both captures name it. `producer_id` (the capturing producer)
 * is copied here so the query's "events I captured" is one index probe.
 */
export const epcisCaptureEvents = pgTable(
  'epcis_capture_events',
  {
    captureId: integer('capture_id')
      .notNull()
      .references(() => epcisCaptures.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    traceEventId: integer('trace_event_id')
      .notNull()
      .references(() => traceEvents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.captureId, t.position] }),
    index('epcis_capture_events_producer_idx').on(t.producerId, t.traceEventId),
    index('epcis_capture_events_event_idx').on(t.traceEventId),
  ],
);
