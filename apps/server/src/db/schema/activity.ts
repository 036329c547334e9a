import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The shared history of every subject (batch, product, producer, …): who did what, when, from
 * which status to which, with a note (`internal` notes are never shown to the producer) and a diff.
 * Written only through lib/activity.ts.
 */
export const activity = pgTable(
  'activity',
  {
    id: serial('id').primaryKey(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    platform: text('platform').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    internal: boolean('internal').notNull().default(false),
    /** The row is shown to the producer but its note is not (a move whose reason is internal). */
    noteInternal: boolean('note_internal').notNull().default(false),
    diff: jsonb('diff').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('activity_subject_idx').on(t.subjectType, t.subjectId, t.createdAt)],
);
