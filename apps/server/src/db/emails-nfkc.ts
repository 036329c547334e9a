import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizeEmail } from '@agrihub/contract/schemas/common';
import type { Db } from './client.js';
import { users } from './schema/index.js';

export interface EmailCollision {
  id: number;
  platform: string;
  email: string;
  /** The normal form another account of the platform has (or would get) too. */
  normal: string;
}

/**
 * The data step after the SQL migrations (issue 25, ADR 035): accounts' e-mail addresses stored
 * before the API compared them in the contract's normal form (NFKC, trimmed, lower case) are
 * rewritten in it, so `ｐroducer@agrihub.demo` is found as `producer@agrihub.demo`. An address
 * whose normal form another account of its platform has, or would get, is left as it is and
 * reported: two accounts are never merged here (an administrator decides). Idempotent and cheap
 * once done (only addresses with a character outside a-z 0-9 . _ + - @ are read): it runs at
 * every migrate.
 */
export async function normalizeStoredEmails(
  db: Db,
  warn: (message: string) => void = console.warn,
): Promise<{ changed: number; collisions: EmailCollision[] }> {
  const candidates = await db
    .select({ id: users.id, platform: users.platform, email: users.email })
    .from(users)
    .where(sql`${users.email} ~ '[^a-z0-9._+@-]'`)
    .orderBy(users.id);
  const groups = new Map<string, typeof candidates>();
  for (const row of candidates) {
    const key = `${row.platform} ${normalizeEmail(row.email)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let changed = 0;
  const collisions: EmailCollision[] = [];
  for (const group of groups.values()) {
    const stale = group.filter((row) => normalizeEmail(row.email) !== row.email);
    if (!stale.length) continue;
    const { platform } = group[0];
    const normal = normalizeEmail(group[0].email);
    const [holder] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.platform, platform), eq(users.email, normal), ne(users.id, stale[0].id)))
      .limit(1);
    if (group.length === 1 && !holder) {
      await db.update(users).set({ email: normal, updatedAt: new Date() }).where(eq(users.id, stale[0].id));
      changed++;
      continue;
    }
    for (const row of stale) {
      collisions.push({ ...row, normal });
      warn(
        `Account ${row.id} (${row.platform}): its e-mail ${row.email} is ${normal} once normalised, as another ` +
          'account of the platform: left as it is; an administrator should merge or rename one of them (ADR 035).',
      );
    }
  }
  return { changed, collisions };
}
