import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  errorEnvelope,
  historyAnswer,
  historyQuery,
  idParam,
  pricingImportReport,
  registerServiceAnswer,
  serviceSteps,
  serviceUpdateBody,
  todayInVietnam,
  translate,
  type PlatformKey,
} from '@agrihub/contract';
import type { Tx } from '../../db/client.js';
import { registerServices } from '../../db/schema/index.js';
import { historyPage, recordActivity } from '../../lib/activity.js';
import { AppError, notFound } from '../../lib/errors.js';
import { currentUser } from '../../plugins/auth.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-export.js';
import { getService, presentService, type ServiceRow } from './queries.js';
import { readPricingXlsx, streamPricingXlsx } from './pricing-xlsx.js';
import { receivePricingUpload } from './receive-pricing.js';
import { acceptMultipart } from '../../plugins/multipart.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

/** Target days only for steps of this service's flow (none for a free service); `done` has none. */
function assertTargetSteps(row: ServiceRow, targetDays: Record<string, number> | undefined) {
  if (!targetDays) return;
  const steps = serviceSteps(row.type).filter((s) => s !== 'done');
  const wrong = Object.keys(targetDays).filter((k) => !steps.includes(k));
  if (wrong.length) {
    const fieldErrors = wrong.map((k) => ({ field: `target_days.${k}`, message: 'invalidTargetDaysStep' }));
    throw new AppError(422, 'validation_failed', {}, fieldErrors);
  }
}

/** The editable fields: the body's name and the column's. */
const FIELDS = [
  ['title_vi', 'titleVi'],
  ['title_en', 'titleEn'],
  ['description_vi', 'descriptionVi'],
  ['description_en', 'descriptionEn'],
  ['icon', 'icon'],
  ['available', 'available'],
  ['price_from', 'priceFrom'],
  ['price_unit_vi', 'priceUnitVi'],
  ['price_unit_en', 'priceUnitEn'],
  ['pricing', 'pricing'],
  ['target_days', 'targetDays'],
  ['position', 'position'],
  ['form_fields', 'formFields'],
] as const satisfies readonly (readonly [keyof z.output<typeof serviceUpdateBody>, keyof ServiceRow])[];

/** A JSON value with its object keys sorted (jsonb does not keep the order the body had). */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * The columns to set and the history's record of the edit: `fields` every changed field (body
 * names), `changes` the scalar ones with `[before, after]` (the pricing table, target days and form
 * fields are named only).
 */
function changes(before: ServiceRow, body: z.output<typeof serviceUpdateBody>) {
  const set: Partial<typeof registerServices.$inferInsert> = {};
  const fields: string[] = [];
  const values: Record<string, [unknown, unknown]> = {};
  for (const [name, column] of FIELDS) {
    const after = body[name];
    if (after === undefined) continue;
    const old = before[column];
    if (canonical(old) === canonical(after)) continue;
    (set as Record<string, unknown>)[column] = after;
    fields.push(name);
    if (isScalar(old) && isScalar(after)) values[name] = [old, after];
  }
  return { set, diff: fields.length ? { fields, changes: values } : null };
}

/** Administrators edit their platform's catalogue (ability on `register_service`). */
export default async function adminServiceRoutes(app: FastifyInstance) {
  await acceptMultipart(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The platform's service, locked for the rest of the transaction; 404 otherwise. */
  async function lockService(tx: Tx, platform: PlatformKey, id: number): Promise<ServiceRow> {
    const [row] = await tx
      .select()
      .from(registerServices)
      .where(and(eq(registerServices.platform, platform), eq(registerServices.id, id)))
      .for('update');
    if (!row) throw notFound('service_not_found');
    return row;
  }

  async function save(tx: Tx, id: number, set: Partial<typeof registerServices.$inferInsert>) {
    const [row] = await tx
      .update(registerServices)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(registerServices.id, id))
      .returning();
    return row;
  }

  r.put(
    '/api/v1/admin/register_services/:id',
    {
      config: { access: 'admin', ability: ['update', 'register_service'] },
      schema: {
        tags: ['admin services'],
        summary: 'Edit a service: texts, icon, availability, price from, pricing table, target days per step, form fields',
        params: idParam,
        body: serviceUpdateBody,
        response: { 200: registerServiceAnswer, ...errors },
      },
    },
    async (req) => {
      const saved = await app.db.transaction(async (tx) => {
        const row = await lockService(tx, req.platform, req.params.id);
        assertTargetSteps(row, req.body.target_days);
        const { set, diff } = changes(row, req.body);
        if (!diff) return row;
        await recordActivity(tx, {
          subjectType: 'register_service',
          subjectId: row.id,
          platform: req.platform,
          actorId: currentUser(req).id,
          action: 'update',
          diff,
        });
        return save(tx, row.id, set);
      });
      return {
        data: { register_service: presentService(saved, req.locale) },
        meta: { message: translate(req.locale, 'service_updated') },
      };
    },
  );

  r.post(
    '/api/v1/admin/register_services/:id/import_pricing',
    {
      config: { access: 'admin', ability: ['update', 'register_service'] },
      schema: {
        tags: ['admin services'],
        summary: 'Replace the pricing table from an xlsx (multipart `file`, `locale` of the report): all rows or none',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: registerServiceAnswer, ...errors, 422: pricingImportReport },
      },
    },
    async (req) => {
      const row = await getService(app.db, req.platform, { id: req.params.id });
      const { buffer, locale } = await receivePricingUpload(req);
      const pricing = await readPricingXlsx(buffer, locale);
      const saved = await app.db.transaction(async (tx) => {
        const locked = await lockService(tx, req.platform, row.id);
        await recordActivity(tx, {
          subjectType: 'register_service',
          subjectId: locked.id,
          platform: req.platform,
          actorId: currentUser(req).id,
          action: 'import_pricing',
          diff: { rows: pricing.length },
        });
        return save(tx, locked.id, { pricing });
      });
      return {
        data: { register_service: presentService(saved, locale) },
        meta: { message: translate(locale, 'pricing_imported', { count: pricing.length }) },
      };
    },
  );

  r.get(
    '/api/v1/admin/register_services/:id/history',
    {
      config: { access: 'admin', ability: ['read', 'register_service'] },
      schema: {
        tags: ['admin services'],
        summary: "The service's catalogue history: edits (changed fields, before → after) and pricing imports; newest first",
        params: idParam,
        querystring: historyQuery,
        response: { 200: historyAnswer, ...errors },
      },
    },
    async (req) => {
      const row = await getService(app.db, req.platform, { id: req.params.id });
      return historyPage(app.db, 'register_service', row.id, true, req.query);
    },
  );

  r.get(
    '/api/v1/admin/register_services/:id/export_pricing',
    {
      config: { access: 'admin', ability: ['read', 'register_service'] },
      schema: {
        tags: ['admin services'],
        summary: 'The pricing table as xlsx (imports back unchanged; a header-only template when empty)',
        params: idParam,
        response: errors,
      },
    },
    async (req, reply) => {
      const row = await getService(app.db, req.platform, { id: req.params.id });
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(`bang-gia-${row.slug}-${todayInVietnam()}.xlsx`))
        .send(streamPricingXlsx(row.pricing, req.locale) as never);
    },
  );
}

