import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ADMIN_FAQ_SORT_FIELDS, Faq, adminFaqListQuery } from '@agrihub/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { faqs } from '../../db/schema/index.js';
import { sortColumn, type ListSpec } from '../../lib/list.js';
import { containsPattern } from '../../lib/search.js';

type ListQuery = z.output<typeof adminFaqListQuery>;

export const ADMIN_FAQ_LIST: ListSpec<(typeof ADMIN_FAQ_SORT_FIELDS)[number]> = {
  sorts: { position: faqs.position, updated_at: faqs.updatedAt, question: faqs.question },
  search: [faqs.question, faqs.answer],
  tiebreak: faqs.id,
};

/** Groups in a stable, accent-free alphabetical order ("Dịch vụ" before "Tài khoản") on both databases. */
const groupOrder = sql`lower(f_unaccent(${faqs.group}))`;

/** `q` in the question or in the answer's text (tags left out), accent- and case-free. */
export function faqSearch(q: string): SQL {
  const pattern = containsPattern(q);
  const like = (expr: SQL) => sql`lower(f_unaccent(${expr})) like lower(f_unaccent(${pattern}))`;
  return or(
    like(sql`${faqs.question}`),
    like(sql`regexp_replace(regexp_replace(${faqs.answer}, '<[^>]*>', ' ', 'g'), '[[:space:]]+', ' ', 'g')`),
  )!;
}

export function adminFaqWhere(platform: string, f: ListQuery): SQL {
  return and(
    eq(faqs.platform, platform),
    f.q ? faqSearch(f.q) : undefined,
    f.group ? eq(faqs.group, f.group) : undefined,
    f.published ? eq(faqs.published, f.published === 'true') : undefined,
  )!;
}

/** ORDER BY of the admin list: `position` orders by group first, then position (the public page's order). */
export function adminFaqOrder(sort: string): SQL[] {
  const { column, desc: down } = sortColumn(ADMIN_FAQ_LIST, sort);
  const dir = down ? desc : asc;
  return column === faqs.position ? [asc(groupOrder), dir(faqs.position), dir(faqs.id)] : [dir(column), dir(faqs.id)];
}

/** The public order: by group, then position. */
export const publicFaqOrder = [asc(groupOrder), asc(faqs.position), asc(faqs.id)];

/** The distinct groups of the platform's FAQs (published only when asked), in display order. */
export async function faqGroups(db: Db | Tx, where: SQL): Promise<string[]> {
  const rows = await db
    .selectDistinct({ group: faqs.group, key: groupOrder })
    .from(faqs)
    .where(where)
    .orderBy(groupOrder, faqs.group);
  return rows.map((r) => r.group);
}

export function presentFaq(row: typeof faqs.$inferSelect): Faq {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    group: row.group,
    position: row.position,
    published: row.published,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
