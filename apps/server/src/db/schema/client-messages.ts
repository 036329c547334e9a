import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CLIENT_MESSAGE_TOPICS, LEAD_STATUSES } from '@agrihub/contract';
import { producers, users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A visitor's contact message: a lead (DESIGN §5.4). `status` moves through the lead machine
 * (contract clientMessageLead, lib/transition); the history is in `activity` (subject
 * client_message). `producer_id` / `sender_id` link a message sent while signed in.
 */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    company: text('company'),
    topic: text('topic', { enum: CLIENT_MESSAGE_TOPICS }).notNull(),
    message: text('message').notNull(),
    serviceSlug: text('service_slug'),
    consentAt: ts('consent_at').notNull(),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('pending'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    producerId: integer('producer_id').references(() => producers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('client_messages_platform_status_idx').on(t.platform, t.status, t.createdAt),
    index('client_messages_assignee_idx').on(t.assigneeId),
  ],
);

/** Staff notes on a lead (back office only). */
export const clientMessageNotes = pgTable(
  'client_message_notes',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => clientMessages.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('client_message_notes_message_idx').on(t.messageId, t.createdAt)],
);
