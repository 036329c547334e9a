import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  errorEnvelope,
  idParam,
  pricingImportReport,
  registerServiceAnswer,
  serviceSteps,
  serviceUpdateBody,
  todayInVietnam,
  translate,
} from '@agrihub/contract';
import { registerServices } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { attachmentDisposition } from '../../lib/filenames.js';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-export.js';
import { getService, presentService, type ServiceRow } from './queries.js';
import { readPricingXlsx, streamPricingXlsx } from './pricing-xlsx.js';
import { receivePricingUpload } from './receive-pricing.js';

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

function changes(body: z.output<typeof serviceUpdateBody>): Partial<typeof registerServices.$inferInsert> {
  const set: Partial<typeof registerServices.$inferInsert> = {};
  if (body.title_vi !== undefined) set.titleVi = body.title_vi;
  if (body.title_en !== undefined) set.titleEn = body.title_en;
  if (body.description_vi !== undefined) set.descriptionVi = body.description_vi;
  if (body.description_en !== undefined) set.descriptionEn = body.description_en;
  if (body.icon !== undefined) set.icon = body.icon;
  if (body.available !== undefined) set.available = body.available;
  if (body.price_from !== undefined) set.priceFrom = body.price_from;
  if (body.price_unit_vi !== undefined) set.priceUnitVi = body.price_unit_vi;
  if (body.price_unit_en !== undefined) set.priceUnitEn = body.price_unit_en;
  if (body.pricing !== undefined) set.pricing = body.pricing;
  if (body.target_days !== undefined) set.targetDays = body.target_days;
  if (body.position !== undefined) set.position = body.position;
  if (body.form_fields !== undefined) set.formFields = body.form_fields;
  return set;
}

/** Administrators edit their platform's catalogue (ability on `register_service`). */
export default async function adminServiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function save(id: number, set: Partial<typeof registerServices.$inferInsert>) {
    const [row] = await app.db
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
      const row = await getService(app.db, req.platform, { id: req.params.id });
      assertTargetSteps(row, req.body.target_days);
      const saved = await save(row.id, changes(req.body));
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
      const saved = await save(row.id, { pricing });
      return {
        data: { register_service: presentService(saved, locale) },
        meta: { message: translate(locale, 'pricing_imported', { count: pricing.length }) },
      };
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

