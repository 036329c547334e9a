import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { producerOemCreate, producerOemUpdate } from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { categories, producerOems, type OemCertificate } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { claimUploads, pickUpload, privateTo, resolveStaffUploads } from '../uploads/resolve.js';
import type { OemRow } from './queries.js';

type CreateBody = z.output<typeof producerOemCreate>;
type UpdateBody = z.output<typeof producerOemUpdate>;
type CertificateBody = NonNullable<UpdateBody['certificates']>[number];

export interface OemActor {
  platform: string;
  userId: number;
}

/** Request field → row column, in the order the history lists changes. */
const FIELDS = [
  ['name', 'name'],
  ['tax_code', 'taxCode'],
  ['contact_name', 'contactName'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['website', 'website'],
  ['province_code', 'provinceCode'],
  ['address', 'address'],
  ['category_ids', 'categoryIds'],
  ['monthly_capacity', 'monthlyCapacity'],
  ['capacity_unit', 'capacityUnit'],
  ['moq', 'moq'],
  ['moq_unit', 'moqUnit'],
  ['certificates', 'certificates'],
  ['active', 'active'],
  ['note', 'note'],
] as const satisfies readonly (readonly [keyof UpdateBody, keyof OemRow])[];

type Values = Partial<Pick<OemRow, (typeof FIELDS)[number][1]>>;

/** 422 invalidCategory on `category_ids.{i}` for the first id that is not a category of the catalogue. */
async function checkCategories(tx: Tx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const found = new Set(
    (await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, unique))).map((c) => c.id),
  );
  const bad = ids.findIndex((id) => !found.has(id));
  if (bad >= 0) throw unprocessable('invalidCategory', {}, `category_ids.${bad}`);
  return unique;
}

const certificateKey = (c: { name: string; number: string; valid_until: string | null }) =>
  JSON.stringify([c.name, c.number, c.valid_until]);

/**
 * The certificates as stored: files among the platform's uploads (422 invalidUpload on
 * `certificates.{i}.file_id`), and the expiry notice already sent kept for a certificate whose name,
 * number and date did not change (a new date makes the notice due again).
 */
async function storedCertificates(
  app: FastifyInstance,
  tx: Tx,
  actor: OemActor,
  input: CertificateBody[],
  oem: OemRow | null,
): Promise<OemCertificate[]> {
  const before = oem?.certificates ?? [];
  const ids = input.flatMap((c) => (c.file_id ? [c.file_id] : []));
  // The staff member's own uploads, or files the OEM already has; private to the OEM (ADR 033).
  const found = await resolveStaffUploads(
    tx,
    app.storage,
    actor,
    ids,
    privateTo(oem ? { type: 'producer_oem', id: oem.id } : undefined),
    before.flatMap((c) => (c.file ? [c.file.id] : [])),
  );
  const notified = new Map(before.map((c) => [certificateKey(c), c.expiry_notified_for ?? null]));
  return input.map((c, i) => {
    const file = c.file_id ? pickUpload(found, c.file_id, `certificates.${i}.file_id`) : null;
    const stored: OemCertificate = {
      name: c.name,
      issuer: c.issuer,
      number: c.number,
      valid_until: c.valid_until,
      file: file ? { id: file.id, url: file.url, filename: file.filename } : null,
    };
    const sent = notified.get(certificateKey(stored));
    if (sent && sent === stored.valid_until) stored.expiry_notified_for = sent;
    return stored;
  });
}

const fileIds = (v: Values) => (v.certificates ?? []).flatMap((c) => (c.file ? [c.file.id] : []));

/** How a certificate reads in the history: "ISO 22000 · 2026-12-31 · iso.pdf". */
const certificateText = (c: OemCertificate) =>
  [c.name, c.issuer, c.number, c.valid_until, c.file?.filename].filter(Boolean).join(' · ');

function shown(field: string, v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (field === 'certificates') return (v as OemCertificate[]).map(certificateText).join('; ');
  if (Array.isArray(v)) return [...(v as number[])].sort((a, b) => a - b).join(', ');
  return v ?? null;
}

/** The categories before → after as the history shows them: their names, not their ids. */
async function categoryNames(tx: Tx, before: number[], after: number[]): Promise<[string, string]> {
  const ids = [...new Set([...before, ...after])];
  const names = new Map(
    ids.length
      ? (
          await tx
            .select({ id: categories.id, name: categories.name })
            .from(categories)
            .where(inArray(categories.id, ids))
        ).map((c) => [c.id, c.name])
      : [],
  );
  const text = (list: number[]) => list.map((id) => names.get(id) ?? `#${id}`).join(', ');
  return [text(before), text(after)];
}

/** The changed fields, before → after. */
function diffOf(before: OemRow, after: Values) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, column] of FIELDS) {
    if (after[column] === undefined) continue;
    const [a, b] = [shown(field, before[column]), shown(field, after[column])];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
}

/** The row's values from a request (only the fields it carries). */
async function valuesOf(
  app: FastifyInstance,
  tx: Tx,
  actor: OemActor,
  b: UpdateBody,
  before: OemRow | null,
): Promise<Values> {
  const v: Values = {};
  if (b.name !== undefined) v.name = b.name;
  if (b.tax_code !== undefined) v.taxCode = b.tax_code;
  if (b.contact_name !== undefined) v.contactName = b.contact_name;
  if (b.phone !== undefined) v.phone = b.phone;
  if (b.email !== undefined) v.email = b.email;
  if (b.website !== undefined) v.website = b.website;
  if (b.province_code !== undefined) v.provinceCode = b.province_code;
  if (b.address !== undefined) v.address = b.address;
  if (b.category_ids !== undefined) v.categoryIds = await checkCategories(tx, b.category_ids);
  if (b.monthly_capacity !== undefined) v.monthlyCapacity = b.monthly_capacity;
  if (b.capacity_unit !== undefined) v.capacityUnit = b.capacity_unit;
  if (b.moq !== undefined) v.moq = b.moq;
  if (b.moq_unit !== undefined) v.moqUnit = b.moq_unit;
  if (b.certificates !== undefined) v.certificates = await storedCertificates(app, tx, actor, b.certificates, before);
  if (b.active !== undefined) v.active = b.active;
  if (b.note !== undefined) v.note = b.note;
  return v;
}

/** Adds an OEM producer to the actor's platform (active unless told), with one history row. Returns its id. */
export async function createOem(app: FastifyInstance, actor: OemActor, b: CreateBody): Promise<number> {
  return app.db.transaction(async (tx) => {
    const values = await valuesOf(app, tx, actor, b, null);
    const [row] = await tx
      .insert(producerOems)
      .values({ ...values, name: b.name, platform: actor.platform, createdBy: actor.userId })
      .returning({ id: producerOems.id });
    await claimUploads(tx, fileIds(values), { type: 'producer_oem', id: row.id });
    await recordActivity(tx, {
      subjectType: 'producer_oem',
      subjectId: row.id,
      platform: actor.platform,
      actorId: actor.userId,
      action: 'create',
    });
    return row.id;
  });
}

/**
 * Changes the fields a PUT carries on an OEM of the actor's platform (404 for another platform's),
 * under a row lock; one history row with the changed fields, none when nothing changed.
 */
export async function updateOem(app: FastifyInstance, actor: OemActor, id: number, b: UpdateBody): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(producerOems)
      .where(and(eq(producerOems.platform, actor.platform), eq(producerOems.id, id)))
      .for('update');
    if (!before) throw notFound();
    const values = await valuesOf(app, tx, actor, b, before);
    await claimUploads(tx, fileIds(values), { type: 'producer_oem', id });
    const changes = diffOf(before, values);
    if (!Object.keys(changes).length) return;
    if (changes.category_ids) changes.category_ids = await categoryNames(tx, before.categoryIds, values.categoryIds!);
    // A capacity (or MOQ) left without its unit by a partial change is refused as the form would be.
    const merged = { ...before, ...values };
    if (merged.monthlyCapacity !== null && !merged.capacityUnit)
      throw unprocessable('pleaseSelectUnit', {}, 'capacity_unit');
    if (merged.moq !== null && !merged.moqUnit) throw unprocessable('pleaseSelectUnit', {}, 'moq_unit');
    await tx
      .update(producerOems)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(producerOems.id, id));
    await recordActivity(tx, {
      subjectType: 'producer_oem',
      subjectId: id,
      platform: actor.platform,
      actorId: actor.userId,
      action: 'update',
      diff: { fields: Object.keys(changes), changes },
    });
  });
}
