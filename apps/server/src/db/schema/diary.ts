import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DIARY_ENTRY_TYPES } from '@agrihub/contract';
import { producers, users } from './accounts.js';
import { traceEvents, traceabilities, type StoredFile } from './catalog.js';
import { locations } from './supply-chain.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The farm diary (ADR 044): what a farmer recorded on a plot or a lot, usually offline, sent once
 * with a key the phone made. An entry on a lot also stands as one trace event of it
 * (`trace_event_id`); a plot-only entry waits for the plot's next harvest to join a lot.
 * The key stays with the entry for good, so a phone offline for months still replays to it.
 */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    /** Who recorded it; the idempotency keys are per account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request body: the same key with another body is refused (409). */
    requestHash: text('request_hash').notNull(),
    type: text('type', { enum: DIARY_ENTRY_TYPES }).notNull(),
    /** When it happened in the field (the phone's time), not when it reached the server. */
    occurredAt: ts('occurred_at').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    traceabilityId: integer('traceability_id').references(() => traceabilities.id, { onDelete: 'cascade' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    notes: text('notes'),
    photos: jsonb('photos').$type<StoredFile[]>().notNull().default([]),
    traceEventId: integer('trace_event_id').references(() => traceEvents.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('diary_entries_user_key_uq').on(t.userId, t.idempotencyKey),
    // The producer's diary, newest first.
    index('diary_entries_owner_occurred_idx').on(t.platform, t.producerId, t.occurredAt, t.id),
    // A plot's or a lot's entries (lists, the entries a harvest attaches).
    index('diary_entries_location_idx')
      .on(t.locationId, t.occurredAt)
      .where(sql`${t.locationId} is not null`),
    index('diary_entries_traceability_idx')
      .on(t.traceabilityId, t.occurredAt)
      .where(sql`${t.traceabilityId} is not null`),
    // The pre-harvest rule reads the sprayings of a plot or of a lot.
    index('diary_entries_spraying_location_idx')
      .on(t.locationId, t.occurredAt)
      .where(sql`${t.type} = 'spraying' and ${t.locationId} is not null`),
    index('diary_entries_spraying_traceability_idx')
      .on(t.traceabilityId, t.occurredAt)
      .where(sql`${t.type} = 'spraying' and ${t.traceabilityId} is not null`),
    // Deleting a trace event clears its entry's link (set null) through this index.
    index('diary_entries_trace_event_idx')
      .on(t.traceEventId)
      .where(sql`${t.traceEventId} is not null`),
  ],
);
