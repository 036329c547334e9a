import { and, arrayContains, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminUser, adminUserListQuery } from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { producers, users } from '../../db/schema/index.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import type { PlatformOnly } from '../../lib/scope.js';
import type { UserRow } from '../../plugins/auth.js';
import { presentUser } from '../users/presenter.js';

type ListQuery = z.output<typeof adminUserListQuery>;

export const USER_LIST: ListSpec<'created_at' | 'name' | 'email'> = {
  sorts: { created_at: users.createdAt, name: users.name, email: users.email },
  search: [users.name, users.email, users.phone],
  phones: [users.phone],
  tiebreak: users.id,
};

/** Staff hold at least one role (spec §6: an administrator is a user with a role). */
const isStaff = sql`cardinality(${users.roles}) > 0`;

/** The list's filters (the search comes from listPlan). */
export function userFilterWhere(scope: PlatformOnly, q: ListQuery): SQL {
  return and(
    eq(users.platform, scope.platform),
    q.role ? arrayContains(users.roles, [q.role]) : undefined,
    q.kind === 'staff' ? isStaff : q.kind === 'producer' ? sql`not (${isStaff})` : undefined,
    q.active === 'true'
      ? isNull(users.deactivatedAt)
      : q.active === 'false'
        ? isNotNull(users.deactivatedAt)
        : undefined,
    q.producer_id ? eq(users.producerId, q.producer_id) : undefined,
  )!;
}

interface Joined {
  user: UserRow;
  producer: { id: number; name: string; status: string } | null;
}

const selection = {
  user: users,
  producer: { id: producers.id, name: producers.name, status: producers.status },
};

export function presentAdminUser({ user: u, producer }: Joined): AdminUser {
  return {
    ...presentUser(u),
    kind: u.roles.length > 0 ? 'staff' : 'producer',
    active: u.deactivatedAt === null,
    deactivated_at: u.deactivatedAt?.toISOString() ?? null,
    producer: producer?.id ? producer : null,
    document_folder:
      u.documentFolderId && u.documentFolderUrl ? { id: u.documentFolderId, url: u.documentFolderUrl } : null,
    updated_at: u.updatedAt.toISOString(),
  };
}

/** One page of the platform's accounts and the total. */
export async function listUsers(db: Db, scope: PlatformOnly, q: ListQuery) {
  const list = listPlan(q, USER_LIST);
  const where = and(userFilterWhere(scope, q), list.search);
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(users)
      .leftJoin(producers, eq(producers.id, users.producerId))
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(presentAdminUser), meta: list.meta(total?.n) };
}

/** One account of the platform (null when not there); `lock` takes it FOR UPDATE in a transaction. */
export async function findUser(db: Db | Tx, scope: PlatformOnly, id: number, lock = false): Promise<Joined | null> {
  const q = db
    .select(selection)
    .from(users)
    .leftJoin(producers, eq(producers.id, users.producerId))
    .where(and(eq(users.id, id), eq(users.platform, scope.platform)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: users }) : await q;
  return row ?? null;
}
