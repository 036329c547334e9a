import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  VIETNAM_UTC_OFFSET,
  allowedMoves,
  clientMessageLead,
  type ADMIN_CLIENT_MESSAGE_SORT_FIELDS,
  type ClientMessage,
  type Locale,
  type WorkflowActor,
  type adminClientMessageListQuery,
} from '@agrihub/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { clientMessageNotes, clientMessages, registerServices, users } from '../../db/schema/index.js';
import { listSearch, type ListPlan, type ListSpec } from '../../lib/list.js';
import type { ClientMessageRow } from './workflow.js';

type ListQuery = z.output<typeof adminClientMessageListQuery>;

/** The admin list: its sorts, and q in the sender's name, phone, e-mail, company and message (accent-free). */
export const CLIENT_MESSAGE_LIST: ListSpec<(typeof ADMIN_CLIENT_MESSAGE_SORT_FIELDS)[number]> = {
  sorts: { created_at: clientMessages.createdAt, updated_at: clientMessages.updatedAt, status: clientMessages.status },
  search: [
    clientMessages.name,
    clientMessages.phone,
    clientMessages.email,
    clientMessages.company,
    clientMessages.message,
  ],
  phones: [clientMessages.phone],
  tiebreak: clientMessages.id,
};

const dayStart = (date: string) => new Date(`${date}T00:00:00${VIETNAM_UTC_OFFSET}`);
const nextDayStart = (date: string) => new Date(dayStart(date).getTime() + 24 * 3600 * 1000);

/** The platform's leads narrowed by the list filters; `withoutStatus` for the counts per status. */
export function messageFilterWhere(scope: SQL, f: ListQuery, opts: { withoutStatus?: boolean } = {}): SQL {
  return and(
    scope,
    listSearch(f.q, CLIENT_MESSAGE_LIST),
    f.status && !opts.withoutStatus ? eq(clientMessages.status, f.status) : undefined,
    f.topic ? eq(clientMessages.topic, f.topic) : undefined,
    f.created_from ? gte(clientMessages.createdAt, dayStart(f.created_from)) : undefined,
    f.created_to ? lt(clientMessages.createdAt, nextDayStart(f.created_to)) : undefined,
  )!;
}

const assignees = alias(users, 'assignee');

export interface MessageView {
  row: ClientMessageRow;
  assigneeName: string | null;
  serviceVi: string | null;
  serviceEn: string | null;
}

function viewQuery(db: Db) {
  return db
    .select({
      row: clientMessages,
      assigneeName: assignees.name,
      serviceVi: registerServices.titleVi,
      serviceEn: registerServices.titleEn,
    })
    .from(clientMessages)
    .leftJoin(assignees, eq(assignees.id, clientMessages.assigneeId))
    .leftJoin(
      registerServices,
      and(
        eq(registerServices.platform, clientMessages.platform),
        eq(registerServices.slug, clientMessages.serviceSlug),
      ),
    );
}

export async function findMessages(
  db: Db,
  where: SQL,
  list: ListPlan,
): Promise<{ views: MessageView[]; total: number }> {
  const [views, [{ n }]] = await Promise.all([
    viewQuery(db)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ n: count() }).from(clientMessages).where(where),
  ]);
  return { views, total: Number(n) };
}

export async function findMessage(db: Db, where: SQL): Promise<MessageView | null> {
  const [view] = await viewQuery(db).where(where).limit(1);
  return view ?? null;
}

export async function countsPerStatus(db: Db, where: SQL): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: clientMessages.status, n: count() })
    .from(clientMessages)
    .where(where)
    .groupBy(clientMessages.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function findNotes(db: Db, messageId: number) {
  const rows = await db
    .select({ note: clientMessageNotes, author: users.name })
    .from(clientMessageNotes)
    .leftJoin(users, eq(users.id, clientMessageNotes.authorId))
    .where(eq(clientMessageNotes.messageId, messageId))
    .orderBy(desc(clientMessageNotes.createdAt), desc(clientMessageNotes.id));
  return rows.map(({ note, author }) => ({
    id: note.id,
    body: note.body,
    author: note.authorId !== null && author !== null ? { id: note.authorId, name: author } : null,
    created_at: note.createdAt.toISOString(),
  }));
}

/** One lead as the back office reads it, with the moves the reader may make. */
export function presentMessage(v: MessageView, locale: Locale, viewer: WorkflowActor): ClientMessage {
  const { row } = v;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    topic: row.topic,
    message: row.message,
    service_slug: row.serviceSlug,
    service_title: (locale === 'en' ? v.serviceEn : v.serviceVi) ?? null,
    status: row.status,
    assignee: row.assigneeId !== null && v.assigneeName !== null ? { id: row.assigneeId, name: v.assigneeName } : null,
    moves: allowedMoves(clientMessageLead, row.status, viewer).map((m) => ({ to: m.to, reason: !!m.reason })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
