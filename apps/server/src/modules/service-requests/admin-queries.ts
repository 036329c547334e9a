import { and, eq, gte, inArray, isNotNull, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { VIETNAM_UTC_OFFSET, type ADMIN_SERVICE_REQUEST_SORT_FIELDS, type AdminServiceRequestFilters } from '@agrihub/contract';
import { producers, registerServices, userRegisterServices as urs } from '../../db/schema/index.js';
import type { ListSpec } from '../../lib/list.js';
import { textSearch } from '../../lib/search.js';

/** Steps after which nothing is due: a finished or cancelled request is never overdue. */
const FINAL_STEPS = ['done', 'cancelled'] as const;

/** The admin list: sorts of ADMIN_SERVICE_REQUEST_SORT_FIELDS; q in the producer's name and tax code and the service titles. */
export const ADMIN_REQUEST_LIST: ListSpec<(typeof ADMIN_SERVICE_REQUEST_SORT_FIELDS)[number]> = {
  sorts: { created_at: urs.createdAt, updated_at: urs.updatedAt, step: urs.step, due_at: urs.stepDueAt },
  search: [producers.name, producers.taxCode, registerServices.titleVi, registerServices.titleEn],
  tiebreak: urs.id,
};

/** The first instant of a Vietnamese calendar day, and of the next one. */
const dayStart = (date: string) => new Date(`${date}T00:00:00${VIETNAM_UTC_OFFSET}`);
const nextDayStart = (date: string) => new Date(dayStart(date).getTime() + 24 * 3600 * 1000);

/** `overdue`: a due date passed on a request still moving. */
export const overdueSql = (now: Date): SQL =>
  and(isNotNull(urs.stepDueAt), lt(urs.stepDueAt, now), notInArray(urs.step, [...FINAL_STEPS]))!;

export interface RequestFilterOptions {
  /** Leave the step and status out (the counts per step of the progress bar). */
  withoutStep?: boolean;
  ids?: number[];
  now?: Date;
}

/**
 * The requests of `scope` (the platform) narrowed by the list filters. Every query using it joins
 * producers and register_services (q and slug read them).
 */
export function requestFilterWhere(scope: SQL, f: AdminServiceRequestFilters, opts: RequestFilterOptions = {}): SQL {
  const now = opts.now ?? new Date();
  const overdue = f.overdue === undefined ? undefined : f.overdue === 'true' ? overdueSql(now) : sql`not (${overdueSql(now)})`;
  const locked = f.locked === undefined ? undefined : f.locked === 'true' ? isNotNull(urs.lockedAt) : isNull(urs.lockedAt);
  const assignee =
    f.assignee_id === undefined
      ? undefined
      : f.assignee_id === 'none'
        ? isNull(urs.assigneeId)
        : eq(urs.assigneeId, f.assignee_id);
  return and(
    scope,
    f.q ? textSearch(f.q, ...ADMIN_REQUEST_LIST.search) : undefined,
    f.slug ? eq(registerServices.slug, f.slug) : undefined,
    f.step && !opts.withoutStep ? eq(urs.step, f.step) : undefined,
    f.status && !opts.withoutStep ? eq(urs.status, f.status) : undefined,
    assignee,
    overdue,
    locked,
    f.created_from ? gte(urs.createdAt, dayStart(f.created_from)) : undefined,
    f.created_to ? lt(urs.createdAt, nextDayStart(f.created_to)) : undefined,
    opts.ids ? inArray(urs.id, opts.ids.length ? opts.ids : [0]) : undefined,
  )!;
}
