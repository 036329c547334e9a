import { and, arrayOverlaps, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  CERTIFICATE_EXPIRING_DAYS,
  certificateValidity,
  daysUntil,
  todayInVietnam,
  worstValidity,
  type OemCertificateFilter,
  type ProducerOem,
} from '@agrihub/contract';
import type { Db, Tx } from '../../db/client.js';
import { categories, producerOems, users } from '../../db/schema/index.js';
import type { ListSpec } from '../../lib/list.js';

export type OemRow = typeof producerOems.$inferSelect;
export interface OemView {
  oem: OemRow;
  creatorName: string | null;
}

/** What narrows the list and the filtered export (the contract's producerOemFilters, parsed). */
export interface OemFilters {
  q?: string;
  province_code?: string;
  category_id?: number;
  capacity_min?: number;
  capacity_max?: number;
  active?: 'true' | 'false';
  certificate?: OemCertificateFilter;
  ids?: number[];
}

/** A certificate's `valid_until` inside the jsonb array (text `YYYY-MM-DD`, compared as text). */
const validUntil = sql`c->>'valid_until'`;

/** Some certificate of the row whose `valid_until` satisfies `cond`. */
function someCertificate(cond: SQL): SQL {
  return sql`exists (select 1 from jsonb_array_elements(${producerOems.certificates}) as c where ${validUntil} is not null and ${cond})`;
}

/** The earliest `valid_until` not yet past on `today` (null when none): the list's next_expiry sort. */
export function nextExpiryOf(today: string): SQL {
  return sql`(select min(${validUntil}) from jsonb_array_elements(${producerOems.certificates}) as c where ${validUntil} >= ${today})`;
}

/** Certificates ending within CERTIFICATE_EXPIRING_DAYS (today included) or already past, on `today`. */
export function certificateWhere(filter: OemCertificateFilter, today: string): SQL {
  return filter === 'expired'
    ? someCertificate(sql`${validUntil} < ${today}`)
    : someCertificate(sql`${validUntil} >= ${today} and ${validUntil} <= ${addDays(today, CERTIFICATE_EXPIRING_DAYS)}`);
}

export function oemListSpec(
  today: string,
): ListSpec<'name' | 'created_at' | 'updated_at' | 'monthly_capacity' | 'next_expiry', typeof producerOems.name | SQL> {
  return {
    sorts: {
      name: sql`lower(${producerOems.name})`,
      created_at: producerOems.createdAt as never,
      updated_at: producerOems.updatedAt as never,
      monthly_capacity: sql`coalesce(${producerOems.monthlyCapacity}, -1)`,
      next_expiry: sql`coalesce(${nextExpiryOf(today)}, '9999-12-31')`,
    },
    search: [producerOems.name, producerOems.taxCode, producerOems.contactName, producerOems.address],
    tiebreak: producerOems.id,
  };
}

/** A category and every category below it (the filter takes the subtree). */
export async function categorySubtree(db: Db | Tx, id: number): Promise<number[]> {
  const all = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const children = new Map<number, number[]>();
  for (const c of all) if (c.parentId !== null) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const out = new Set<number>([id]);
  const queue = [id];
  while (queue.length)
    for (const child of children.get(queue.shift()!) ?? [])
      if (!out.has(child)) {
        out.add(child);
        queue.push(child);
      }
  return [...out];
}

/** The conditions of `filters` on top of `scope` (the platform), `q` excepted (the list plan's search). */
export async function oemFilterWhere(db: Db | Tx, scope: SQL, f: OemFilters, today: string): Promise<SQL> {
  return and(
    scope,
    f.province_code ? eq(producerOems.provinceCode, f.province_code) : undefined,
    f.category_id ? arrayOverlaps(producerOems.categoryIds, await categorySubtree(db, f.category_id)) : undefined,
    f.capacity_min !== undefined ? gte(producerOems.monthlyCapacity, f.capacity_min) : undefined,
    f.capacity_max !== undefined ? lte(producerOems.monthlyCapacity, f.capacity_max) : undefined,
    f.active ? eq(producerOems.active, f.active === 'true') : undefined,
    f.certificate ? certificateWhere(f.certificate, today) : undefined,
    f.ids?.length ? inArray(producerOems.id, f.ids) : undefined,
  )!;
}

/** Rows with the name of who created them. */
export function oemViews(db: Db | Tx) {
  return db
    .select({ oem: producerOems, creatorName: users.name })
    .from(producerOems)
    .leftJoin(users, eq(users.id, producerOems.createdBy));
}

export async function findOemView(db: Db | Tx, platform: string, id: number): Promise<OemView | null> {
  const [v] = await oemViews(db).where(and(eq(producerOems.platform, platform), eq(producerOems.id, id)));
  return v ?? null;
}

/** The answer's OEM: certificates with their validity on `today` (Vietnam), the worst of them and the next expiry. */
export function presentOem({ oem: o, creatorName }: OemView, today = todayInVietnam()): ProducerOem {
  const certificates = o.certificates.map((c) => ({
    name: c.name,
    issuer: c.issuer,
    number: c.number,
    valid_until: c.valid_until,
    file: c.file ? { id: c.file.id, url: c.file.url, filename: c.file.filename ?? '' } : null,
    validity: certificateValidity(c.valid_until, today),
    days_left: c.valid_until ? daysUntil(c.valid_until, today) : null,
  }));
  const upcoming = certificates
    .map((c) => c.valid_until)
    .filter((d): d is string => !!d && d >= today)
    .sort();
  return {
    id: o.id,
    name: o.name,
    tax_code: o.taxCode,
    contact_name: o.contactName,
    phone: o.phone,
    email: o.email,
    website: o.website,
    province_code: o.provinceCode,
    address: o.address,
    category_ids: o.categoryIds,
    monthly_capacity: o.monthlyCapacity,
    capacity_unit: o.capacityUnit,
    moq: o.moq,
    moq_unit: o.moqUnit,
    certificates,
    certificate_status: worstValidity(certificates.map((c) => c.validity)),
    next_expiry: upcoming[0] ?? null,
    active: o.active,
    note: o.note,
    created_by: o.createdBy ? { id: o.createdBy, name: creatorName ?? '' } : null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}
