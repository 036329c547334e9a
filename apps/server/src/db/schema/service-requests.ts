import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { SERVICE_REQUEST_STATES, SERVICE_REQUEST_STATUSES } from '@agrihub/contract';
import { producers, users } from './accounts.js';
import type { StoredFile } from './catalog.js';
import { registerServices } from './services.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A producer's request of a service (DESIGN §5.2). `step` moves through the service type's flow
 * (lib/transition); `status` is derived from it (contract requestStatusOf) and stored for filtering.
 * `step_due_at` comes from the service's target days for the step; a locked request is read-only.
 */
export const userRegisterServices = pgTable(
  'user_register_services',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    /** The account that created the request. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => registerServices.id, { onDelete: 'restrict' }),
    step: text('step', { enum: SERVICE_REQUEST_STATES }).notNull(),
    status: text('status', { enum: SERVICE_REQUEST_STATUSES }).notNull(),
    form: jsonb('form').$type<Record<string, unknown>>().notNull().default({}),
    attachments: jsonb('attachments').$type<StoredFile[]>().notNull().default([]),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    stepDueAt: ts('step_due_at'),
    lockedAt: ts('locked_at'),
    lockedBy: integer('locked_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** The room booking of a department registration (Foodmap), else null. */
    booking: jsonb('booking').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    stepChangedAt: ts('step_changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('urs_platform_status_idx').on(t.platform, t.status, t.createdAt),
    index('urs_producer_idx').on(t.producerId, t.serviceId),
    index('urs_assignee_idx').on(t.assigneeId),
  ],
);

/** Notes on a request: to the producer, or `internal` (back office only, never in a producer's answer or mail). */
export const serviceRequestNotes = pgTable(
  'service_request_notes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => userRegisterServices.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    attachments: jsonb('attachments').$type<StoredFile[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('service_request_notes_request_idx').on(t.requestId, t.createdAt)],
);
