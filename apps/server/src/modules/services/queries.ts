import { and, asc, eq } from 'drizzle-orm';
import { serviceSteps, type Locale, type PlatformKey, type RegisterService } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { registerServices } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

export type ServiceRow = typeof registerServices.$inferSelect;

/** A platform's catalogue in display order. */
export function listServices(db: Db, platform: PlatformKey): Promise<ServiceRow[]> {
  return db
    .select()
    .from(registerServices)
    .where(eq(registerServices.platform, platform))
    .orderBy(asc(registerServices.position), asc(registerServices.id));
}

/** One service of the platform by id or slug; 404 `service_not_found` elsewhere (another platform's id too). */
export async function getService(db: Db, platform: PlatformKey, key: { id: number } | { slug: string }): Promise<ServiceRow> {
  const match = 'id' in key ? eq(registerServices.id, key.id) : eq(registerServices.slug, key.slug);
  const [row] = await db
    .select()
    .from(registerServices)
    .where(and(eq(registerServices.platform, platform), match));
  if (!row) throw notFound('service_not_found');
  return row;
}

/** The answer shape: texts in the caller's language plus both languages, and the flow's steps. */
export function presentService(row: ServiceRow, locale: Locale): RegisterService {
  const en = locale === 'en';
  return {
    id: row.id,
    platform: row.platform as PlatformKey,
    slug: row.slug,
    title: en ? row.titleEn : row.titleVi,
    description: en ? row.descriptionEn : row.descriptionVi,
    title_vi: row.titleVi,
    title_en: row.titleEn,
    description_vi: row.descriptionVi,
    description_en: row.descriptionEn,
    icon: row.icon,
    type: row.type,
    available: row.available,
    price_from: row.priceFrom,
    price_unit: (en ? row.priceUnitEn : row.priceUnitVi) ?? null,
    price_unit_vi: row.priceUnitVi,
    price_unit_en: row.priceUnitEn,
    pricing: row.pricing,
    target_days: Object.fromEntries(
      Object.entries(row.targetDays).filter((e): e is [string, number] => typeof e[1] === 'number'),
    ),
    steps: [...serviceSteps(row.type)],
    form_fields: row.formFields,
    position: row.position,
    updated_at: row.updatedAt.toISOString(),
  };
}
